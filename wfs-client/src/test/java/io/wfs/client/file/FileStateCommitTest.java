package io.wfs.client.file;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A commit leaves the slice list to be fetched by the next read, and a fetch that raced a commit does not hide it. */
class FileStateCommitTest {
    private static InodeAttr sized(long size) {
        return new InodeAttr(7, Posix.S_IFREG | 0644, 1, 0, 0, size, 0, 0, 0, 0, 1);
    }

    private final FileState file = new FileState(7, sized(0), List.of());

    @Test
    void aCommitTakesTheNewSizeAndLeavesTheSlicesToTheNextRead() {
        file.write(0, new byte[4096]);
        file.drain(1 << 20);
        file.committedWithoutSlices(sized(4096));
        file.uploaded(true);
        assertEquals(4096, file.committedSize());
        assertEquals(1, file.slicesUnfetched());
        List<SliceInfo> fetched = List.of(new SliceInfo(0, 4096, 1, 9, 0));
        file.fetched(1, sized(4096), fetched);
        assertEquals(0, file.slicesUnfetched());
        assertEquals(fetched, file.slices());
    }

    @Test
    void aFetchThatRacedAnotherCommitLeavesTheNextReadToFetchAgain() {
        file.committedWithoutSlices(sized(4096));
        long before = file.slicesUnfetched();
        // The read's fetch is in flight when a second flush commits.
        file.committedWithoutSlices(sized(8192));
        file.fetched(before, sized(4096), List.of(new SliceInfo(0, 4096, 1, 9, 0)));
        assertEquals(2, file.slicesUnfetched(), "the list may miss the second commit");
        assertEquals(8192, file.size(), "the size never goes back");
    }
}
