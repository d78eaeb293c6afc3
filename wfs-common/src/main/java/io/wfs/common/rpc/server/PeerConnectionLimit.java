package io.wfs.common.rpc.server;

import io.netty.channel.Channel;
import io.wfs.common.rpc.wire.FrameObserver;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.rpc.wire.ViolationLog;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Bounds the connections one peer IP address holds on a server, so one host (a runaway client,
 * a flood) cannot use up the server's file descriptors and memory. A connection over the limit
 * is closed before any handler sees it, logged through {@link ViolationLog} (rate-limited).
 */
final class PeerConnectionLimit {
    private final int maxPerPeer;
    private final FrameObserver observer;
    private final String serverName;
    private final Object2IntOpenHashMap<InetAddress> open = new Object2IntOpenHashMap<>();

    PeerConnectionLimit(int maxPerPeer, FrameObserver observer, String serverName) {
        this.maxPerPeer = maxPerPeer;
        this.observer = observer;
        this.serverName = serverName;
    }

    /** Counts {@code ch} against its peer's limit; false (and the channel closed) when the peer is at its limit. */
    boolean admit(Channel ch) {
        InetAddress peer = ((InetSocketAddress) ch.remoteAddress()).getAddress();
        int held;
        synchronized (open) {
            held = open.getInt(peer);
            if (held < maxPerPeer) {
                open.put(peer, held + 1);
                ch.closeFuture().addListener(f -> release(peer));
                return true;
            }
        }
        observer.violation(ProtocolViolation.TOO_MANY_CONNECTIONS);
        ViolationLog.closing(ch.remoteAddress(), ProtocolViolation.TOO_MANY_CONNECTIONS, held + " connections open from "
                + peer + " on " + serverName + ", limit rpc.max-connections-per-peer=" + maxPerPeer);
        ch.close();
        return false;
    }

    private void release(InetAddress peer) {
        synchronized (open) {
            if (open.addTo(peer, -1) <= 1) {
                open.removeInt(peer);
            }
        }
    }
}
