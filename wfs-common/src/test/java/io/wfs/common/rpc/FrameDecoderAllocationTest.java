package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.FrameDecoder;
import io.wfs.common.rpc.wire.ProtocolViolation;
import org.junit.jupiter.api.Test;

/**
 * A frame whose header claims 2 GiB is refused from its header, before the decoder buffers or
 * allocates anything for it: the test feeds the header and then megabytes of "body" in small
 * chunks through a decoder on an allocator that records the largest buffer asked of it. A decoder
 * that waited for the announced body would grow its buffer with every chunk.
 */
class FrameDecoderAllocationTest {
    private static final int CHUNK = 64 * 1024;

    /** Records the largest capacity requested; delegates to the unpooled heap allocator. */
    private static final class RecordingAllocator extends AbstractByteBufAllocator {
        private int largest;

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            largest = Math.max(largest, initialCapacity);
            return UnpooledByteBufAllocator.DEFAULT.heapBuffer(initialCapacity, maxCapacity);
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            return newHeapBuffer(initialCapacity, maxCapacity);
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }
    }

    private static ByteBuf header(int length, int type) {
        return Unpooled.buffer().writeInt(length).writeLong(1).writeShort(type).writeByte(0);
    }

    private static void assertRefusedWithoutBuffering(boolean authenticated, MessageType type) {
        RpcMetrics metrics = new RpcMetrics(new MetricRegistry(), "server");
        FrameDecoder decoder = new FrameDecoder(RpcOptions.defaults().limits(), false, metrics, 30_000, 60_000);
        if (authenticated) {
            decoder.markAuthenticated();
        }
        RecordingAllocator allocator = new RecordingAllocator();
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setAllocator(allocator);
        channel.pipeline().addLast(decoder);

        channel.writeInbound(header(Integer.MAX_VALUE, type.id()));
        for (int sent = 0; sent < 4 << 20 && channel.isOpen(); sent += CHUNK) {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[CHUNK]));
        }
        assertFalse(channel.isOpen(), "the connection is closed on the header");
        assertEquals(1, metrics.violations(ProtocolViolation.OVERSIZE));
        assertTrue(allocator.largest < CHUNK, "the decoder allocated " + allocator.largest + " bytes for a refused frame");
        assertTrue(channel.inboundMessages().isEmpty());
        channel.finishAndReleaseAll();
    }

    @Test
    void aTwoGibFrameAfterTheHandshakeIsRefusedBeforeAnyAllocation() {
        assertRefusedWithoutBuffering(true, MessageType.WRITE_BLOCK);
    }

    @Test
    void aTwoGibHandshakeFrameIsRefusedBeforeAnyAllocation() {
        assertRefusedWithoutBuffering(false, MessageType.AUTH_HELLO);
    }

    @Test
    void theLargestAcceptedHeaderIsWithinTheFrameLimit() {
        assertTrue(Frame.HEADER_BYTES + RpcOptions.defaults().limits().maxDataBody() < Integer.MAX_VALUE);
    }
}
