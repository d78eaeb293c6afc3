package io.wfs.client;

import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import java.util.List;

/**
 * The WFS file system as a Java API, with the semantics the FUSE mount gives (which is a thin
 * adapter over it): POSIX rules enforced by the metadata servers for {@link Caller}, close-to-open
 * consistency between clients, writes durable on every replica when {@link #fsync} returns.
 * Every failure is a {@link io.wfs.common.error.WfsException} whose code maps to an errno.
 */
public interface WfsFileSystem extends AutoCloseable {
    InodeAttr getattr(Caller caller, String path);

    InodeAttr mkdir(Caller caller, String path, int mode);

    /** Regular files, FIFOs, sockets and devices ({@code mode} carries the type bits). */
    InodeAttr mknod(Caller caller, String path, int mode, long rdev);

    InodeAttr symlink(Caller caller, String target, String path);

    String readlink(Caller caller, String path);

    void unlink(Caller caller, String path);

    void rmdir(Caller caller, String path);

    /** {@code flags}: 0, RENAME_NOREPLACE (1) or RENAME_EXCHANGE (2) as renameat2. */
    void rename(Caller caller, String from, String to, int flags);

    InodeAttr link(Caller caller, String existing, String newPath);

    /** Changes what {@code change} selects; a size change truncates or extends. */
    InodeAttr setattr(Caller caller, String path, SetAttr change);

    /** fgetattr: by the open file (it may have lost its name), with sizes this client buffers. */
    InodeAttr getattr(WfsFile file);

    /** ftruncate and friends: by the open file. */
    InodeAttr setattr(WfsFile file, SetAttr change);

    /** Every entry of a directory, with attributes ("." and ".." are the caller's to add). */
    List<DirEntry> readdir(Caller caller, String path);

    /**
     * One page of a listing, from {@code cookie} (0 for the start; an entry's {@link DirEntry#cookie}
     * continues right after it), so a huge directory streams instead of being read whole.
     */
    io.wfs.common.msg.meta.ReaddirReply readdirPage(Caller caller, String path, long cookie, int maxEntries);

    /** Opens (or with O_CREAT creates) a regular file; {@code flags} are open(2) flags. */
    WfsFile open(Caller caller, String path, int flags, int mode);

    int read(WfsFile file, long offset, byte[] out, int length);

    /** Writes at {@code offset} (at the end for O_APPEND handles); returns the bytes taken. */
    int write(WfsFile file, long offset, byte[] data, int length);

    /**
     * As {@link #write}, all of {@code data}, which the caller hands over: the client keeps the
     * array itself as the buffered bytes (no copy), so the caller must not touch it again.
     */
    int writeHandedOver(WfsFile file, long offset, byte[] data);

    /** Uploads and commits what the file buffers (close and flush call it). */
    void flush(WfsFile file);

    void fsync(WfsFile file);

    /** Makes the entries of directory {@code path} durable: the creates this client answered itself there are applied. */
    default void fsyncdir(Caller caller, String path) {
    }

    void release(WfsFile file);

    byte[] getxattr(Caller caller, String path, byte[] name);

    void setxattr(Caller caller, String path, byte[] name, byte[] value, int flags);

    /** The names, each followed by a 0 byte, as listxattr(2) returns them. */
    byte[] listxattr(Caller caller, String path);

    void removexattr(Caller caller, String path, byte[] name);

    /**
     * Sets or clears a lock (LockRangeRequest kinds POSIX/FLOCK, types READ/WRITE/UNLOCK) for
     * {@code owner} on [start, end]; EAGAIN on a conflict unless {@code wait}, which retries until
     * the lock is granted.
     */
    void lock(WfsFile file, int kind, int type, long start, long end, long owner, boolean wait);

    /** The first lock conflicting with the one described (F_GETLK), or null. */
    io.wfs.common.msg.meta.LockInfoReply testLock(WfsFile file, int kind, int type, long start, long end, long owner);

    /** Totals for statfs(2); inodeLimit 0 means no limit (inodes live in the meta servers' memory). */
    record Usage(long capacityBytes, long usedBytes, long freeBytes, long usedInodes, long inodeLimit) {
    }

    Usage statfs(Caller caller);

    @Override
    void close();
}
