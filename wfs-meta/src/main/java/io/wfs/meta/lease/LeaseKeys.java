package io.wfs.meta.lease;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import java.util.function.LongConsumer;

/**
 * Which lease key covers what a client caches: a directory's entries and its own attributes are
 * under the directory's inode number; a file's (or symlink's, device's) attributes under its
 * parent's, so one invalidation of a directory drops its names and the attributes of the files in
 * it. A stub (an inode of another group, nlink 0) is cached by no one and has no key.
 */
public final class LeaseKeys {
    private LeaseKeys() {
    }

    public static long of(int mode, long ino, long parent) {
        return Posix.isDirectory(mode) ? ino : parent;
    }

    /** The key of a reply's attributes, if the client may cache them. */
    public static void ofAttr(InodeAttr a, LongConsumer keys) {
        if (a != null && a.nlink() > 0) {
            keys.accept(of(a.mode(), a.ino(), a.parent()));
        }
    }
}
