package io.wfs.common.rpc.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Writes {@link Frame}s; refuses (fails the write of) a frame over the limit of its category. */
public final class FrameEncoder extends MessageToByteEncoder<Frame> {
    private final FrameLimits limits;
    private final FrameObserver observer;

    public FrameEncoder(FrameLimits limits, FrameObserver observer) {
        this.limits = limits;
        this.observer = observer;
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Frame frame, ByteBuf out) throws Exception {
        observer.frameOut(frame.type(), write(frame, out, limits));
    }

    /**
     * Appends {@code frame} to {@code out}: length, header and body (also the caller-thread
     * connections' encoding, StreamFrames). Returns its bytes on the wire; BAD_REQUEST, with
     * {@code out} as it was, for a body over its limit.
     */
    static int write(Frame frame, ByteBuf out, FrameLimits limits) throws java.io.IOException {
        int start = out.writerIndex();
        out.writeInt(0);
        out.writeLong(frame.requestId());
        out.writeShort(frame.type().id());
        out.writeByte(frame.flags());
        MessageCodec.encode(frame.body(), out);
        int length = out.writerIndex() - start - Frame.LENGTH_BYTES;
        long bodyBytes = length - Frame.HEADER_BYTES;
        long limit = limits.maxBody(frame.type(), frame.isError(), true);
        if (bodyBytes > limit) {
            out.writerIndex(start);
            throw new WfsException(WfsErrorCode.BAD_REQUEST, frame.type() + " message of " + bodyBytes
                    + " bytes exceeds the frame limit of " + limit + " bytes");
        }
        out.setInt(start, length);
        return length + Frame.LENGTH_BYTES;
    }
}
