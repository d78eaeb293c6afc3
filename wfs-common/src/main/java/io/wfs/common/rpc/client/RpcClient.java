package io.wfs.common.rpc.client;

import com.codahale.metrics.MetricRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.MessageCategory;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.RpcMetrics;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.Transport;
import io.wfs.common.rpc.auth.Credential;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.wire.FrameDecoder;
import io.wfs.common.rpc.wire.FrameEncoder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Asynchronous RPC client. Keeps {@code rpc.connections-per-peer} authenticated connections per
 * server, opened lazily and replaced when they drop; calls are spread over them round-robin and
 * fail with TIMEOUT after their deadline, never hang. A connection that has sent nothing for
 * {@code rpc.ping-interval} sends an ECHO ping, so servers never take it for a dead peer.
 */
public final class RpcClient implements AutoCloseable {
    private final String name;
    private final RpcOptions options;
    private final HandshakeProofs proofs;
    private final Scope scope;
    private final RpcMetrics metrics;
    private final EventLoopGroup group;
    private final HashedWheelTimer timer;
    private final Bootstrap bootstrap;
    private final ConcurrentHashMap<InetSocketAddress, Peer> peers = new ConcurrentHashMap<>();
    private volatile DirectConnections direct;
    private volatile boolean closed;

    /** A client authenticating with {@code credential}: the cluster secret, or a scoped credential. */
    public RpcClient(String name, RpcOptions options, Credential credential, MetricRegistry registry) {
        this.name = name;
        this.options = options;
        this.proofs = credential.proofs();
        this.scope = credential.scope();
        this.metrics = new RpcMetrics(registry, "client");
        Transport transport = new Transport(options.epoll());
        this.group = transport.newGroup(options.ioThreads(), name + "-io");
        this.timer = new HashedWheelTimer(new DefaultThreadFactory(name + "-timer", true), 10, TimeUnit.MILLISECONDS);
        this.bootstrap = new Bootstrap().group(group).channel(transport.clientChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) options.connectTimeout().toMillis());
    }

    public <R extends Response> CompletableFuture<R> call(InetSocketAddress peer, Request<R> request) {
        return call(peer, request, options.callTimeout());
    }

    /** Sends {@code request} to {@code peer}; the future fails with a {@link WfsException}. */
    public <R extends Response> CompletableFuture<R> call(InetSocketAddress peer, Request<R> request, Duration timeout) {
        if (MessageType.ofRequest(request.getClass()).category() == MessageCategory.HANDSHAKE) {
            throw new IllegalArgumentException("handshake messages are sent by the RPC layer itself");
        }
        if (closed) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.UNAVAILABLE, "client is closed"));
        }
        return peers.computeIfAbsent(peer, Peer::new).next().thenCompose(c -> c.call(request, timeout));
    }

    /**
     * Lets {@link #callHere} use up to {@code perPeer} connections of its own to each server, which
     * the calling thread reads and writes itself (0: none, every call goes through the event loop).
     */
    public void enableCallsHere(int perPeer) {
        if (perPeer > 0 && direct == null) {
            Duration maxIdle = options.connectionLimits().pingInterval();
            if (maxIdle.isZero()) {
                maxIdle = options.connectionLimits().idleTimeout().dividedBy(4);
            }
            if (maxIdle.isZero()) {
                maxIdle = Duration.ofMinutes(1); // servers that never close silent connections
            }
            direct = new DirectConnections(perPeer, proofs, scope, name, options.limits(), metrics,
                    options.connectTimeout(), maxIdle);
            closeIdleDirectConnections(Math.max(1, maxIdle.toMillis() / 2));
        }
    }

    /** Every {@code everyMillis} until closed: the caller-thread connections idle too long go (DirectConnections.closeIdle). */
    private void closeIdleDirectConnections(long everyMillis) {
        timer.newTimeout(t -> {
            if (!closed) {
                direct.closeIdle();
                closeIdleDirectConnections(everyMillis);
            }
        }, everyMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * As {@link #call}, for a caller that waits for the answer at once: the calling thread sends the
     * request and reads the answer itself on a connection of its own ({@link DirectConnection}), and
     * the future is complete when this returns. Without such connections (not enabled, or all busy)
     * it is {@link #call}.
     */
    public <R extends Response> CompletableFuture<R> callHere(InetSocketAddress peer, Request<R> request) {
        DirectConnections d = direct;
        MessageType type = MessageType.ofRequest(request.getClass());
        if (d == null || closed || type.category() == MessageCategory.HANDSHAKE) {
            return call(peer, request);
        }
        try {
            R answer = d.call(peer, type, request, options.callTimeout());
            return answer != null ? CompletableFuture.completedFuture(answer) : call(peer, request);
        } catch (WfsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    public RpcMetrics metrics() {
        return metrics;
    }

    private ClientConnection connect(InetSocketAddress address) {
        RpcOptions.ConnectionLimits limits = options.connectionLimits();
        FrameDecoder decoder = new FrameDecoder(options.limits(), true, metrics, options.partialFrameTimeout().toMillis(),
                limits.frameReadTimeout().toMillis());
        ClientConnection connection = new ClientConnection(proofs, scope, decoder, timer, metrics, name,
                options.connectTimeout(), options.callTimeout());
        ChannelFuture f = bootstrap.clone().handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                if (!limits.pingInterval().isZero()) {
                    // Fires when we have written nothing for a ping interval; the connection then pings.
                    ch.pipeline().addLast(new IdleStateHandler(0, limits.pingInterval().toMillis(), 0, TimeUnit.MILLISECONDS));
                }
                ch.pipeline().addLast(new FlushConsolidationHandler(256, true), decoder,
                        new FrameEncoder(options.limits(), metrics), connection);
            }
        }).connect(address);
        f.addListener(r -> {
            if (!r.isSuccess()) {
                connection.ready().completeExceptionally(new WfsException(WfsErrorCode.UNAVAILABLE,
                        "cannot connect to " + address + ": " + r.cause().getMessage(), r.cause()));
            }
        });
        return connection;
    }

    @Override
    public void close() {
        closed = true;
        if (direct != null) {
            direct.close();
        }
        peers.values().forEach(Peer::close);
        peers.clear();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        timer.stop();
    }

    /** The connections to one server. */
    private final class Peer {
        private final InetSocketAddress address;
        private final AtomicReferenceArray<ClientConnection> slots;
        private final AtomicInteger nextSlot = new AtomicInteger();

        Peer(InetSocketAddress address) {
            this.address = address;
            this.slots = new AtomicReferenceArray<>(options.connectionsPerPeer());
        }

        CompletableFuture<ClientConnection> next() {
            int i = Math.floorMod(nextSlot.getAndIncrement(), slots.length());
            ClientConnection c = slots.get(i);
            if (c != null && !isBroken(c)) {
                return c.ready();
            }
            synchronized (this) {
                c = slots.get(i);
                if (c == null || isBroken(c)) {
                    c = connect(address);
                    slots.set(i, c);
                }
            }
            return c.ready();
        }

        private boolean isBroken(ClientConnection c) {
            return c.ready().isDone() && !c.isUsable();
        }

        void close() {
            for (int i = 0; i < slots.length(); i++) {
                ClientConnection c = slots.get(i);
                if (c != null) {
                    c.close();
                }
            }
        }
    }
}
