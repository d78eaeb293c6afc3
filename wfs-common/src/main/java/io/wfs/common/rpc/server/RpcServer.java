package io.wfs.common.rpc.server;

import com.codahale.metrics.MetricRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.RpcMetrics;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.Transport;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.wire.FrameDecoder;
import io.wfs.common.rpc.wire.FrameEncoder;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A WFS RPC server: authenticated, length-framed protostuff messages dispatched to one
 * handler per message type. Pipeline per connection:
 * idle reaper → flush consolidation → {@link FrameDecoder} → {@link FrameEncoder} → handshake → dispatcher,
 * after the per-peer connection limit admitted it. Serves ECHO itself unless the registry does.
 */
public final class RpcServer implements AutoCloseable {
    private final String name;
    private final RpcOptions options;
    private final ClusterSecret secret;
    private final HandshakeProofs proofs;
    private final HandlerRegistry handlers;
    private final RpcMetrics metrics;
    private final Transport transport;
    private final PeerConnectionLimit connectionLimit;
    private final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private EventLoopGroup bossGroup;
    private EventLoopGroup ioGroup;
    private ThreadPoolExecutor workers;
    private Channel serverChannel;

    public RpcServer(String name, RpcOptions options, ClusterSecret secret, HandlerRegistry handlers,
                     MetricRegistry registry) {
        this.name = name;
        this.options = options;
        this.secret = secret;
        this.proofs = new HandshakeProofs(secret);
        this.handlers = handlers;
        this.metrics = new RpcMetrics(registry, "server");
        this.transport = new Transport(options.epoll());
        this.connectionLimit = new PeerConnectionLimit(options.connectionLimits().maxConnectionsPerPeer(), metrics, name);
        if (handlers.lookup(MessageType.ECHO) == null) {
            // Every server answers ECHO: the clients' keep-alive ping, and a liveness probe.
            handlers.register(EchoRequest.class, (req, ctx) -> CompletableFuture.completedFuture(
                    new EchoResponse(req.payload())), Dispatch.EVENT_LOOP);
        }
    }

    /** Binds and starts serving; port 0 picks a free port (see {@link #address()}). */
    public RpcServer start(InetSocketAddress bind) throws InterruptedException {
        bossGroup = transport.newGroup(1, name + "-accept");
        ioGroup = transport.newGroup(options.ioThreads(), name + "-io");
        workers = new ThreadPoolExecutor(options.workerThreads(), options.workerThreads(), 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(options.workerQueue()), new DefaultThreadFactory(name + "-worker", true));
        workers.allowCoreThreadTimeOut(true);
        ServerBootstrap b = new ServerBootstrap()
                .group(bossGroup, ioGroup)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (!connectionLimit.admit(ch)) {
                            return;
                        }
                        channels.add(ch);
                        RpcOptions.ConnectionLimits limits = options.connectionLimits();
                        FrameDecoder decoder = new FrameDecoder(options.limits(), false, metrics,
                                options.partialFrameTimeout().toMillis(), limits.frameReadTimeout().toMillis());
                        if (!limits.idleTimeout().isZero()) {
                            ch.pipeline().addLast(new IdleConnectionReaper(limits.idleTimeout().toMillis(), metrics));
                        }
                        ch.pipeline().addLast(
                                new FlushConsolidationHandler(256, true),
                                decoder,
                                new FrameEncoder(options.limits(), metrics),
                                new ServerHandshakeHandler(secret, proofs, decoder, metrics,
                                        options.handshakeTimeout().toMillis(), name),
                                new RequestDispatcher(handlers, workers, metrics,
                                        new RequestBackpressure(limits.maxRequestsInFlight(), decoder)));
                    }
                });
        serverChannel = b.bind(bind).sync().channel();
        return this;
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    public RpcMetrics metrics() {
        return metrics;
    }

    public boolean usesEpoll() {
        return transport.isEpoll();
    }

    @Override
    public void close() {
        if (serverChannel != null) {
            serverChannel.close().syncUninterruptibly();
        }
        channels.close().awaitUninterruptibly();
        if (bossGroup != null) {
            bossGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            ioGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
        if (workers != null) {
            workers.shutdownNow();
        }
    }
}
