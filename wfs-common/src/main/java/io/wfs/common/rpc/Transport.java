package io.wfs.common.rpc;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/** Chooses native epoll when available and wanted, NIO otherwise. */
public final class Transport {
    private final boolean epoll;

    public Transport(boolean preferEpoll) {
        this.epoll = preferEpoll && Epoll.isAvailable();
    }

    public boolean isEpoll() {
        return epoll;
    }

    public EventLoopGroup newGroup(int threads, String name) {
        DefaultThreadFactory tf = new DefaultThreadFactory(name, true);
        return epoll ? new EpollEventLoopGroup(threads, tf) : new NioEventLoopGroup(threads, tf);
    }

    public Class<? extends ServerSocketChannel> serverChannel() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    public Class<? extends SocketChannel> clientChannel() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }
}
