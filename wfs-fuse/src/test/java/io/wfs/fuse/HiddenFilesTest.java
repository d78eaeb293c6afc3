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
        long self = Long.parseLong(readLink("/proc/thread-self").replaceAll(".*/", "")); // "PID/task/TID"
        assertFalse(HiddenFiles.inRename(self), "a running thread (this one) is read again, then not in a rename");
    }

    private static String readLink(String path) {
        try {
            return java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of(path)).toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
