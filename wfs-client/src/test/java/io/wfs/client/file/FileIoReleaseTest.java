package io.wfs.client.file;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.wfs.client.Caller;
import io.wfs.common.posix.Posix;
import io.wfs.common.msg.meta.InodeAttr;
import org.junit.jupiter.api.Test;

/**
 * The kernel sends FUSE's RELEASE after close(2) has returned, so a utimens or truncate on the path
 * can find a file open and see its last handle go before it flushes (rsync did: an EIO from a
 * NullPointerException on the released file's flush lock).
 */
class FileIoReleaseTest {
    private static final InodeAttr CREATED = new InodeAttr(9, Posix.S_IFREG | 0644, 1, 0, 0, 0, 1, 1, 1, 0, 1);

    /** No meta server or store is reached: a released file has nothing left to send. */
    private final FileIo files = new FileIo(null, null, new WriteBudget(1 << 20),
            new FileIoSettings(1 << 20, 1 << 20, 1, 1 << 16, 1, 0), null, new com.codahale.metrics.MetricRegistry());

    @Test
    void aFlushOfAFileReleasedMeanwhileHasNothingToDo() {
        FileState state = files.openCreated(CREATED);
        files.write(Caller.ROOT, state, 0, new byte[100]);
        files.release(state);
        assertNull(files.ifOpen(9));
        assertFalse(files.flush(Caller.ROOT, state));
    }

    @Test
    void aFlushOfAnOlderStateOfAFileOpenedAgainTakesTheNewLockAndFindsNothing() {
        FileState first = files.openCreated(CREATED);
        files.release(first);
        FileState second = files.openCreated(CREATED);
        assertFalse(files.flush(Caller.ROOT, first));
        assertSame(second, files.ifOpen(9));
        files.release(second);
        assertNull(files.ifOpen(9));
    }
}
