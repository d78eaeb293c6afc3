package io.wfs.fuse;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Keeps the kernel's attributes of every name of a hard-linked file current after a change made
 * through one of them (link, unlink, rename over it, chmod, chown, utimens, truncate, a write):
 * the kernel refreshes only the name the change went through (libfuse's high-level API gives each
 * name its own kernel inode), so this asks it to refresh the others ({@link KernelAttrRefresh}).
 * Files with one link cost a map lookup. Changes made by other mounts show after attr_timeout.
 */
final class OtherNames {
    private final LinkedNames names = new LinkedNames();
    private final KernelAttrRefresh refresh = new KernelAttrRefresh();
    private final Supplier<Path> mountPoint;

    OtherNames(Supplier<Path> mountPoint) {
        this.mountPoint = mountPoint;
    }

    /** The kernel asked for {@code path}'s attributes. */
    void seen(String path, InodeAttr a) {
        if (path != null && !Posix.isDirectory(a.mode())) {
            names.seen(path, a.ino(), a.nlink());
        }
    }

    /** The file {@code path} names, if it is a known hard-linked one (else 0): ask before the change. */
    long before(String path) {
        return path == null ? 0 : names.inoOf(path);
    }

    /** {@code ino} changed through {@code path} (which may be null: a handle whose file lost its names). */
    void changed(long ino, String path) {
        if (ino != 0) {
            refresh.refresh(mountPoint.get(), names.othersOf(ino, path));
        }
    }

    void linked(String existing, String path, InodeAttr a) {
        names.seen(existing, a.ino(), a.nlink());
        names.seen(path, a.ino(), a.nlink());
        changed(a.ino(), path);
    }

    /** {@code path} (naming {@code ino}, from {@link #before}) was unlinked. */
    void unlinked(String path, long ino) {
        names.forget(path);
        changed(ino, path);
    }

    /** {@code from} was renamed over {@code to}; {@code moved} and {@code replaced} from {@link #before}. */
    void renamed(String from, String to, long moved, long replaced) {
        names.forget(to);
        names.forget(from);
        if (moved != 0) {
            names.seen(to, moved, 2);
        }
        if (replaced != moved) {
            changed(replaced, to);
        }
    }
}
