package io.wfs.common.rpc.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.wfs.common.rpc.wire.FrameDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops reading requests from a connection while it has {@code rpc.max-requests-in-flight}
 * requests unanswered, or while its replies pile up unread (the channel is not writable: more than
 * netty's high water mark queued). Without it a peer that sends requests and never reads the
 * replies makes the server queue every reply in memory. While paused, no frame is decoded and
 * nothing more is read from the socket, so the peer's TCP window fills and holds it back; a
 * peer that never reads again is closed as idle. One instance per connection, used on its event loop.
 */
final class RequestBackpressure {
    private static final Logger LOG = LoggerFactory.getLogger(RequestBackpressure.class);

    private final int maxInFlight;
    private final FrameDecoder decoder;
    private int inFlight;
    private boolean paused;

    RequestBackpressure(int maxInFlight, FrameDecoder decoder) {
        this.maxInFlight = maxInFlight;
        this.decoder = decoder;
    }

    void started(ChannelHandlerContext ctx) {
        inFlight++;
        update(ctx);
    }

    /** Called once per request, when its reply (or error) has been written or could not be. */
    void finished(ChannelHandlerContext ctx) {
        inFlight--;
        update(ctx);
    }

    void writabilityChanged(ChannelHandlerContext ctx) {
        update(ctx);
    }

    private void update(ChannelHandlerContext ctx) {
        boolean pause = inFlight >= maxInFlight || !ctx.channel().isWritable();
        if (pause == paused || !ctx.channel().isActive()) {
            return;
        }
        paused = pause;
        decoder.setPaused(pause);
        ctx.channel().config().setAutoRead(!pause);
        LOG.debug("{} reading from {}: {} requests in flight, writable {}", pause ? "pausing" : "resuming",
                ctx.channel().remoteAddress(), inFlight, ctx.channel().isWritable());
        if (!pause) {
            // Decode what was buffered while paused; later, not from inside the caller (a reply's listener).
            ctx.executor().execute(() -> {
                if (!paused && ctx.channel().isActive()) {
                    ctx.pipeline().fireChannelRead(Unpooled.EMPTY_BUFFER);
                    ctx.pipeline().fireChannelReadComplete();
                }
            });
        }
    }
}
