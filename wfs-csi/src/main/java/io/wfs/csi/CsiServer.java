package io.wfs.csi;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The gRPC server of the CSI services on a unix socket (Netty epoll; the shaded Netty of grpc-java). */
final class CsiServer implements AutoCloseable {
    private final Path socket;
    private final EpollEventLoopGroup boss = new EpollEventLoopGroup(1);
    private final EpollEventLoopGroup workers = new EpollEventLoopGroup(2);
    private final Server server;

    CsiServer(Path socket, List<BindableService> services) throws IOException {
        this.socket = socket;
        Files.createDirectories(socket.toAbsolutePath().getParent());
        // A socket file left by a plugin that was killed: nobody listens on it any more.
        Files.deleteIfExists(socket);
        NettyServerBuilder b = NettyServerBuilder.forAddress(new DomainSocketAddress(socket.toString()))
                .bossEventLoopGroup(boss).workerEventLoopGroup(workers)
                .channelType(EpollServerDomainSocketChannel.class);
        services.forEach(b::addService);
        try {
            server = b.build().start();
        } catch (IOException | RuntimeException e) {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
            throw e;
        }
    }

    void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    @Override
    public void close() {
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.shutdownNow();
        }
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        try {
            Files.deleteIfExists(socket);
        } catch (IOException ignored) {
            // Removed at the next start anyway.
        }
    }
}
