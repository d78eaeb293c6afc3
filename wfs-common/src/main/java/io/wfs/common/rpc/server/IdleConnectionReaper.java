package io.wfs.common.rpc.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.wfs.common.rpc.wire.FrameObserver;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.rpc.wire.ViolationLog;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection the server has read nothing from for {@code rpc.idle-timeout}: a peer that
 * vanished without a FIN (power cut, partition, a half-open socket) would otherwise hold its
 * connection and buffers for ever, since the server never writes unprompted. Live clients ping
 * every {@code rpc.ping-interval} (well under the timeout), so only dead or silent peers are closed.
 */
final class IdleConnectionReaper extends IdleStateHandler {
    private final FrameObserver observer;
    private final long idleTimeoutMillis;

    IdleConnectionReaper(long idleTimeoutMillis, FrameObserver observer) {
        super(idleTimeoutMillis, 0, 0, TimeUnit.MILLISECONDS);
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.observer = observer;
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) {
        if (!ctx.channel().isActive()) {
            return;
        }
        observer.violation(ProtocolViolation.IDLE);
        ViolationLog.closing(ctx.channel().remoteAddress(), ProtocolViolation.IDLE,
                "nothing read for " + idleTimeoutMillis + " ms, rpc.idle-timeout");
        ctx.close();
    }
}
