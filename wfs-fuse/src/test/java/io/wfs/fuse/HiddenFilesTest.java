package io.wfs.fuse;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HiddenFilesTest {
    @Test
    void libfusesHiddenNamesAreRecognisedInAnyFolder() {
        assertTrue(HiddenFiles.isHiddenName("/.fuse_hidden0000000300000001"));
        assertTrue(HiddenFiles.isHiddenName("/a/b/.fuse_hidden0000000300000001"));
        assertFalse(HiddenFiles.isHiddenName("/a/.fuse_hidde"));
        assertFalse(HiddenFiles.isHiddenName("/a/x.fuse_hidden0000000300000001"));
    }

    @Test
    void aThreadOutsideARenameOrOneThatIsGoneIsNotInARename() {
        assertFalse(HiddenFiles.inRename(ProcessHandle.current().pid()), "this process's main thread waits, not renames");
        assertFalse(HiddenFiles.inRename(Integer.MAX_VALUE), "no such thread");
    }
}
