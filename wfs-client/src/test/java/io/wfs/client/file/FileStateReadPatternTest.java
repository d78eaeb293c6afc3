package io.wfs.client.file;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which reads count as sequential (whole chunks and read-ahead) and which as random (exactly the
 * bytes asked for): the kernel's read-ahead arrives slightly out of order, a random reader jumps.
 */
class FileStateReadPatternTest {
    private static final int K = 1024;
    private final FileState file = new FileState(7, new InodeAttr(7, Posix.S_IFREG | 0644, 1, 0, 0, 1L << 30, 0, 0, 0, 0, 1), List.of());

    @Test
    void aStreamFromTheStartIsSequentialEvenOutOfOrder() {
        assertTrue(file.readSequentially(0, 128 * K));
        assertTrue(file.readSequentially(256 * K, 128 * K), "read-ahead ran ahead of the previous request");
        assertTrue(file.readSequentially(128 * K, 128 * K), "the request in between, a moment later");
        assertTrue(file.readSequentially(384 * K, 128 * K));
    }

    @Test
    void jumpsFartherThanTheWindowAreRandomAndANewStreamStartsThere() {
        assertTrue(file.readSequentially(0, 4 * K));
        assertFalse(file.readSequentially(500L << 20, 4 * K));
        assertFalse(file.readSequentially(100L << 20, 4 * K));
        assertTrue(file.readSequentially((100L << 20) + 4 * K, 4 * K), "continuing the last random read");
        assertFalse(file.readSequentially((100L << 20) + 8 * K + FileState.SEQUENTIAL_WINDOW + 1, 4 * K),
                "more than the window past the end of the last read");
    }

    @Test
    void aRandomReadNearTheLastOneIsStillRandomButAStreamMidFileIsFoundOutOfOrder() {
        assertFalse(file.readSequentially(64L << 20, 4 * K));
        assertFalse(file.readSequentially((64L << 20) + 300 * K, 4 * K), "one read near the last is not a stream");
        assertFalse(file.readSequentially(10L << 20, 4 * K));

        long x = 200L << 20;
        assertFalse(file.readSequentially(x, 128 * K), "a stream's first read mid-file");
        assertFalse(file.readSequentially(x + 256 * K, 128 * K), "its read-ahead, ahead of the request in between");
        assertTrue(file.readSequentially(x + 128 * K, 128 * K), "near after near: a stream");
        assertTrue(file.readSequentially(x + 384 * K, 128 * K));
    }

    @Test
    void theFirstReadAwayFromTheStartIsRandom() {
        assertFalse(file.readSequentially(64L << 20, 4 * K));
    }
}
