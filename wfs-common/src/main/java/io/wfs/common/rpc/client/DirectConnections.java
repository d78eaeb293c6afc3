package io.wfs.common.rpc.client;

import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.RpcMetrics;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.wire.FrameLimits;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link DirectConnection}s of one client, at most {@code perPeer} to each server: a call
 * takes an idle one (the most recently used, whose server is known to be there), or opens one
 * while under the bound, and puts it back after its answer. With every one busy the caller is
 * told to use the event loop's connections instead, so the bound holds however many threads call.
 */
final class DirectConnections implements AutoCloseable {
    private final int perPeer;
    private final HandshakeProofs proofs;
    private final Scope scope;
    private final String clientName;
    private final FrameLimits limits;
    private final RpcMetrics metrics;
    private final Duration connectTimeout;
    /** One used less recently than this is closed rather than reused: the server may be about to close it as idle. */
    private final long maxIdleNanos;
    private final ConcurrentHashMap<InetSocketAddress, Peer> peers = new ConcurrentHashMap<>();
    private volatile boolean closed;

    DirectConnections(int perPeer, HandshakeProofs proofs, Scope scope, String clientName, FrameLimits limits,
                      RpcMetrics metrics, Duration connectTimeout, Duration maxIdle) {
        this.perPeer = perPeer;
        this.proofs = proofs;
        this.scope = scope;
        this.clientName = clientName;
        this.limits = limits;
        this.metrics = metrics;
        this.connectTimeout = connectTimeout;
        this.maxIdleNanos = maxIdle.toNanos();
    }

    /**
     * Calls {@code request} on this thread; null when every connection to {@code peer} is busy (the
     * caller then goes through the event loop). A failure is thrown as a WfsException.
     */
    @SuppressWarnings("unchecked")
    <R extends Response> R call(InetSocketAddress peer, MessageType type, Request<R> request, Duration timeout) {
        if (closed) {
            return null;
        }
        Peer p = peers.computeIfAbsent(peer, Peer::new);
        long start = System.nanoTime();
        DirectConnection c;
        try {
            c = p.take();
        } catch (WfsException e) {
            metrics.completed(type, start, true);
            throw e;
        }
        if (c == null) {
            return null;
        }
        boolean failed = true;
        try {
            R answer = (R) c.call(type, request, timeout);
            failed = false;
            return answer;
        } finally {
            metrics.completed(type, start, failed);
            // An error answer leaves the connection as good as before; a broken one is dropped.
            p.giveBack(c);
        }
    }

    /**
     * Closes the connections nobody used for longer than the idle bound, so that no server ever
     * takes one for a dead peer's (it would count and log a violation); called periodically.
     */
    void closeIdle() {
        long now = System.nanoTime();
        peers.values().forEach(p -> p.closeIdle(now));
    }

    @Override
    public void close() {
        closed = true;
        peers.values().forEach(Peer::close);
    }

    /** The connections to one server. */
    private final class Peer {
        private final InetSocketAddress address;
        private final ConcurrentLinkedDeque<DirectConnection> idle = new ConcurrentLinkedDeque<>();
        private final AtomicInteger open = new AtomicInteger();

        Peer(InetSocketAddress address) {
            this.address = address;
        }

        /** An idle connection, a new one, or null at the bound. Opening one may throw UNAVAILABLE. */
        DirectConnection take() {
            long now = System.nanoTime();
            for (DirectConnection c = idle.pollFirst(); c != null; c = idle.pollFirst()) {
                if (c.idleNanos(now) < maxIdleNanos && !c.isBroken()) {
                    return c;
                }
                c.close();
                open.decrementAndGet();
            }
            if (open.incrementAndGet() > perPeer) {
                open.decrementAndGet();
                return null;
            }
            try {
                return DirectConnection.open(address, proofs, scope, clientName, limits, metrics, connectTimeout);
            } catch (RuntimeException e) {
                open.decrementAndGet();
                throw e;
            }
        }

        void giveBack(DirectConnection c) {
            if (c.isBroken() || closed) {
                c.close();
                open.decrementAndGet();
            } else {
                idle.offerFirst(c);
            }
        }

        /** The least recently used are at the tail: closed while they are too old. */
        void closeIdle(long now) {
            for (DirectConnection c = idle.pollLast(); c != null; c = idle.pollLast()) {
                if (c.idleNanos(now) < maxIdleNanos) {
                    idle.offerLast(c);
                    return;
                }
                c.close();
                open.decrementAndGet();
            }
        }

        void close() {
            for (DirectConnection c = idle.pollFirst(); c != null; c = idle.pollFirst()) {
                c.close();
                open.decrementAndGet();
            }
        }
    }
}
