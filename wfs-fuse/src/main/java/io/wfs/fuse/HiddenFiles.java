package io.wfs.fuse;

import io.wfs.client.Caller;
import io.wfs.client.WfsFile;
import io.wfs.client.WfsFileSystem;
import io.wfs.common.msg.meta.InodeAttr;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Open files whose last name went, as libfuse (without hard_remove) keeps them: it renames an
 * open file it is asked to unlink (or to replace by a rename) to {@code .fuse_hidden…} in the same
 * folder, answers the kernel's getattr of it through that name (fstat of an unlinked open file)
 * and unlinks that name at the last close. WFS does not keep such a name on the servers: the
 * "rename to hidden" unlinks the file there at once (the servers keep an unlinked file until its
 * last close), and the hidden name lives only here, naming the inode for getattr.
 *
 * <p>A rename over an open file comes as two calls, "hide the target", then the rename. Unlinking
 * the target at the first would leave a moment without the name for other clients; so when the
 * caller is inside a rename system call (read from /proc), the hide only records the target and
 * the rename that follows replaces it atomically on the servers.
 */
final class HiddenFiles {
    static final String PREFIX = ".fuse_hidden";
    /** x86-64 system call numbers of rename, renameat and renameat2. */
    private static final java.util.Set<String> RENAMES = java.util.Set.of("82", "264", "316");
    /** Reads of a caller's system call that found it running, before it counts as not in a rename. */
    private static final int RUNNING_RETRIES = 50;

    private final Map<String, Long> inoOf = new HashMap<>();
    private final WfsFileSystem fs;
    private final FuseHandles handles;
    private final OtherNames otherNames;

    HiddenFiles(WfsFileSystem fs, FuseHandles handles, OtherNames otherNames) {
        this.fs = fs;
        this.handles = handles;
        this.otherNames = otherNames;
    }

    /**
     * libfuse hides {@code from}, an open file that is unlinked or renamed over, as {@code to}: the
     * file goes from the servers now, unless the caller ({@code tid}) is in a rename, which replaces
     * it atomically next. False when {@code from} is not open here (a user's own rename to such a name).
     */
    boolean hide(Caller c, long tid, String from, String to) {
        long ino = fs.getattr(c, from).ino();
        if (handles.anyOf(ino) == null) {
            return false;
        }
        if (!inRename(tid)) {
            long linked = otherNames.before(from);
            fs.unlink(c, from);
            otherNames.unlinked(from, linked);
        }
        hidden(to, ino);
        return true;
    }

    /** The attributes of {@code path}; a hidden name answers through a handle of its file. */
    InodeAttr attrOf(Caller c, String path) {
        long ino = inoOf(path);
        WfsFile open = ino == 0 ? null : handles.anyOf(ino);
        return open == null ? fs.getattr(c, path) : fs.getattr(open);
    }

    static boolean isHiddenName(String path) {
        int slash = path.lastIndexOf('/');
        return path.startsWith(PREFIX, slash + 1);
    }

    /**
     * Whether thread {@code tid} is inside a rename system call (false when that cannot be read).
     * The kernel reports a thread's system call only while it sleeps, "running" otherwise: the
     * caller waits for this request's answer, but may be runnable for a moment when read (woken
     * and not yet back asleep). Read again then, a few times: a rename taken for an unlink leaves
     * the name missing for a moment on other mounts (RenameOverOpenFileIT saw it once in CI, under load).
     */
    static boolean inRename(long tid) {
        try {
            for (int attempt = 0; attempt < RUNNING_RETRIES; attempt++) {
                String line = Files.readString(Path.of("/proc/" + tid + "/syscall")).trim();
                if (line.equals("running")) {
                    Thread.yield();
                    continue;
                }
                int space = line.indexOf(' ');
                return RENAMES.contains(space < 0 ? line : line.substring(0, space));
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * {@code hiddenPath} stands for {@code ino} until libfuse unlinks it at the last close. Names
     * libfuse never unlinks (it lacks their path when their folder went first) are pruned here once
     * there are many: those of files no longer open.
     */
    private synchronized void hidden(String hiddenPath, long ino) {
        if (inoOf.size() >= 1024) {
            inoOf.values().removeIf(i -> handles.anyOf(i) == null);
        }
        inoOf.put(hiddenPath, ino);
    }

    /** The inode a hidden name stands for, or 0. */
    synchronized long inoOf(String path) {
        Long ino = inoOf.get(path);
        return ino == null ? 0 : ino;
    }

    /** libfuse unlinks a hidden name at the last close: the file went from the servers already. */
    synchronized boolean forget(String path) {
        return inoOf.remove(path) != null;
    }

}
