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
        int start = out.writerIndex();
        out.writeInt(0);
        out.writeLong(frame.requestId());
        out.writeShort(frame.type().id());
        out.writeByte(frame.flags());
        MessageCodec.encode(frame.body(), out);
        int length = out.writerIndex() - start - Frame.LENGTH_BYTES;
        long bodyBytes = length - Frame.HEADER_BYTES;
        long limit = frame.isError() ? limits.maxMetaBody() : limits.maxBody(frame.type().category());
        if (bodyBytes > limit) {
            out.writerIndex(start);
            throw new WfsException(WfsErrorCode.BAD_REQUEST, frame.type() + " message of " + bodyBytes
                    + " bytes exceeds the frame limit of " + limit + " bytes");
        }
        out.setInt(start, length);
        observer.frameOut(frame.type(), length + Frame.LENGTH_BYTES);
    }
}
