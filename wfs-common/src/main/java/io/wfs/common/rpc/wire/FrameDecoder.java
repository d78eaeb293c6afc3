package io.wfs.common.rpc.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.concurrent.ScheduledFuture;
import io.wfs.common.rpc.MessageCategory;
import io.wfs.common.rpc.MessageType;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Splits the byte stream into {@link Frame}s and enforces the protocol before allocating
 * anything: the size limit is checked from the header, so an oversized frame is refused
 * without buffering it. Any violation closes this connection only, and is logged and counted.
 */
public final class FrameDecoder extends ByteToMessageDecoder {
    private static final int PREFIX = Frame.LENGTH_BYTES + Frame.HEADER_BYTES;

    private final FrameLimits limits;
    private final boolean expectResponses;
    private final FrameObserver observer;
    private final long partialFrameTimeoutNanos;
    private final long frameReadTimeoutNanos;
    private boolean authenticated;
    private boolean failed;
    private boolean paused;
    private long lastProgressNanos;
    /** When the first bytes of the frame now incomplete in the buffer arrived; 0 while no frame is partial. */
    private long partialSinceNanos;
    private ScheduledFuture<?> stallCheck;

    /**
     * @param expectResponses true on the client side (only responses may arrive), false on the server
     * @param partialFrameTimeoutMillis a frame that makes no progress for this long is truncated
     * @param frameReadTimeoutMillis a frame must be whole within this long of its first byte (0: no deadline)
     */
    public FrameDecoder(FrameLimits limits, boolean expectResponses, FrameObserver observer, long partialFrameTimeoutMillis,
                        long frameReadTimeoutMillis) {
        this.limits = limits;
        this.expectResponses = expectResponses;
        this.observer = observer;
        this.partialFrameTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(partialFrameTimeoutMillis);
        this.frameReadTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(frameReadTimeoutMillis);
    }

    /** Lifts the handshake-only restriction; called once the handshake succeeded. */
    public void markAuthenticated() {
        authenticated = true;
    }

    /**
     * Stops (true) or resumes handing out frames: the server's back-pressure while a connection has
     * too many requests in flight or too many reply bytes queued. While paused, the bytes already
     * read stay buffered and no more are asked of the socket (the caller also turns auto-read off),
     * so the peer's own TCP window holds it back; a stall is not the peer's fault while paused.
     */
    public void setPaused(boolean paused) {
        this.paused = paused;
        long now = System.nanoTime();
        lastProgressNanos = now;
        if (!paused && partialSinceNanos != 0) {
            partialSinceNanos = now; // the time spent paused does not count against the frame's deadline
        }
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (paused) {
            return; // no progress: the decode loop stops until setPaused(false) and a new read
        }
        long now = System.nanoTime();
        lastProgressNanos = now;
        Frame frame = tryDecode(ctx, in);
        if (frame != null) {
            out.add(frame);
            partialSinceNanos = 0;
        }
        if (failed || !in.isReadable()) {
            partialSinceNanos = 0;
            return;
        }
        if (partialSinceNanos == 0) {
            partialSinceNanos = now;
        }
        if (stallCheck == null && partialFrameTimeoutNanos > 0) {
            scheduleStallCheck(ctx, nextCheckDelay(now));
        }
    }

    private Frame tryDecode(ChannelHandlerContext ctx, ByteBuf in) {
        if (in.readableBytes() < PREFIX) {
            return null;
        }
        int ri = in.readerIndex();
        int length = in.getInt(ri);
        if (length < Frame.HEADER_BYTES) {
            return fail(ctx, in, ProtocolViolation.MALFORMED, "frame length " + length);
        }
        int typeId = in.getShort(ri + Frame.LENGTH_BYTES + 8);
        byte flags = in.getByte(ri + Frame.LENGTH_BYTES + 10);
        MessageType type = MessageType.byId(typeId);
        if (type == null) {
            return fail(ctx, in, ProtocolViolation.UNKNOWN_TYPE, "message type " + typeId);
        }
        if (!flagsValid(flags)) {
            return fail(ctx, in, ProtocolViolation.BAD_FLAGS, "flags " + flags + " on " + type);
        }
        if (!authenticated && type.category() != MessageCategory.HANDSHAKE) {
            return fail(ctx, in, ProtocolViolation.UNAUTHENTICATED, type + " before authentication");
        }
        long limit = limits.maxBody(type, (flags & Frame.FLAG_ERROR) != 0, authenticated);
        int bodyLength = length - Frame.HEADER_BYTES;
        if (bodyLength > limit) {
            return fail(ctx, in, ProtocolViolation.OVERSIZE, type + " frame of " + bodyLength + " bytes, limit " + limit);
        }
        if (in.readableBytes() < (long) Frame.LENGTH_BYTES + length) { // long: no overflow near 2 GiB
            return null;
        }
        long requestId = in.getLong(ri + Frame.LENGTH_BYTES);
        in.skipBytes(PREFIX);
        ByteBuf body = in.readSlice(bodyLength);
        Object message;
        try {
            message = MessageCodec.decode(body, Frame.bodyClass(type, flags));
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return fail(ctx, in, ProtocolViolation.MALFORMED, type + " body: " + cause);
        }
        observer.frameIn(type, Frame.LENGTH_BYTES + length);
        return Frame.decoded(requestId, type, flags, message);
    }

    private boolean flagsValid(byte flags) {
        return Frame.flagsValid(flags, expectResponses);
    }

    private Frame fail(ChannelHandlerContext ctx, ByteBuf in, ProtocolViolation v, String detail) {
        failed = true;
        in.skipBytes(in.readableBytes());
        cancelStallCheck();
        observer.violation(v);
        ViolationLog.closing(ctx.channel().remoteAddress(), v, detail);
        ctx.close();
        return null;
    }

    private void scheduleStallCheck(ChannelHandlerContext ctx, long delayNanos) {
        stallCheck = ctx.executor().schedule(() -> {
            stallCheck = null;
            if (failed || !internalBuffer().isReadable()) {
                return;
            }
            if (paused) {
                scheduleStallCheck(ctx, partialFrameTimeoutNanos);
                return;
            }
            long now = System.nanoTime();
            long idle = now - lastProgressNanos;
            long age = now - partialSinceNanos;
            if (idle >= partialFrameTimeoutNanos) {
                fail(ctx, internalBuffer(), ProtocolViolation.TRUNCATED,
                        "frame incomplete for " + TimeUnit.NANOSECONDS.toMillis(idle) + " ms");
            } else if (frameReadTimeoutNanos > 0 && age >= frameReadTimeoutNanos) {
                fail(ctx, internalBuffer(), ProtocolViolation.SLOW_FRAME, "frame still incomplete "
                        + TimeUnit.NANOSECONDS.toMillis(age) + " ms after its first byte, "
                        + internalBuffer().readableBytes() + " bytes received");
            } else {
                scheduleStallCheck(ctx, nextCheckDelay(now));
            }
        }, delayNanos, TimeUnit.NANOSECONDS);
    }

    /** Time until the partial frame stalls or reaches its deadline, whichever comes first. */
    private long nextCheckDelay(long now) {
        long delay = partialFrameTimeoutNanos - (now - lastProgressNanos);
        if (frameReadTimeoutNanos > 0) {
            delay = Math.min(delay, frameReadTimeoutNanos - (now - partialSinceNanos));
        }
        return Math.max(1, delay);
    }

    private void cancelStallCheck() {
        if (stallCheck != null) {
            stallCheck.cancel(false);
            stallCheck = null;
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (paused) {
            // ByteToMessageDecoder asks the socket for more when auto-read is off and no frame came out: not while paused.
            ctx.fireChannelReadComplete();
            return;
        }
        super.channelReadComplete(ctx);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        cancelStallCheck();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelStallCheck();
        if (!failed && internalBuffer().isReadable()) {
            failed = true;
            observer.violation(ProtocolViolation.TRUNCATED);
            ViolationLog.closing(ctx.channel().remoteAddress(), ProtocolViolation.TRUNCATED,
                    "closed by the peer in the middle of a frame, " + internalBuffer().readableBytes() + " bytes pending");
            internalBuffer().skipBytes(internalBuffer().readableBytes());
        }
        super.channelInactive(ctx);
    }
}
