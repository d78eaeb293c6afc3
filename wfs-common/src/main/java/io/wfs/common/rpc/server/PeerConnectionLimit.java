package io.wfs.common.rpc.server;

import io.netty.channel.Channel;
import io.wfs.common.rpc.wire.FrameObserver;
import io.wfs.common.rpc.wire.ProtocolViolation;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds the connections one peer IP address holds on a server, so one host (a runaway client,
 * a flood) cannot use up the server's file descriptors and memory. A connection over the limit
 * is closed before any handler sees it. Refusals are logged at most once a second per server,
 * with the number refused since the last line, so a flood cannot flood the log too.
 */
final class PeerConnectionLimit {
    private static final Logger LOG = LoggerFactory.getLogger(PeerConnectionLimit.class);
    private static final long LOG_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final int maxPerPeer;
    private final FrameObserver observer;
    private final String serverName;
    private final Object2IntOpenHashMap<InetAddress> open = new Object2IntOpenHashMap<>();
    private long lastLogNanos;
    private long refusedSinceLog;

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
        logRefusal(peer, held);
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

    private void logRefusal(InetAddress peer, int held) {
        long refused;
        synchronized (this) {
            refusedSinceLog++;
            long now = System.nanoTime();
            if (lastLogNanos != 0 && now - lastLogNanos < LOG_INTERVAL_NANOS) {
                return;
            }
            lastLogNanos = now;
            refused = refusedSinceLog;
            refusedSinceLog = 0;
        }
        LOG.warn("{}: refusing connection from {}: {} ({} connections open from it, limit rpc.max-connections-per-peer={}; "
                + "{} refused since the last such line)", serverName, peer, ProtocolViolation.TOO_MANY_CONNECTIONS, held,
                maxPerPeer, refused);
    }
}
