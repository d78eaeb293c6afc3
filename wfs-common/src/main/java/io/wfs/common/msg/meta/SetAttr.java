package io.wfs.common.msg.meta;

/**
 * What one setattr changes (chmod, chown, truncate, utimens): the fields its {@link #valid} bits
 * ({@link SetAttrRequest#MODE} and the others) select; the rest are ignored. Built from
 * {@link #NOTHING} with the withers, e.g. {@code SetAttr.NOTHING.withUid(5).withGid(7)}.
 */
public record SetAttr(int valid, int mode, int uid, int gid, long size, long atimeNs, long mtimeNs) {
    public static final SetAttr NOTHING = new SetAttr(0, 0, 0, 0, 0, 0, 0);

    /** Permission bits only (chmod keeps the file type). */
    public SetAttr withMode(int permissions) {
        return new SetAttr(valid | SetAttrRequest.MODE, permissions, uid, gid, size, atimeNs, mtimeNs);
    }

    public SetAttr withUid(int newUid) {
        return new SetAttr(valid | SetAttrRequest.UID, mode, newUid, gid, size, atimeNs, mtimeNs);
    }

    public SetAttr withGid(int newGid) {
        return new SetAttr(valid | SetAttrRequest.GID, mode, uid, newGid, size, atimeNs, mtimeNs);
    }

    /** Truncates or extends. */
    public SetAttr withSize(long newSize) {
        return new SetAttr(valid | SetAttrRequest.SIZE, mode, uid, gid, newSize, atimeNs, mtimeNs);
    }

    public SetAttr withAtime(long ns) {
        return new SetAttr(valid | SetAttrRequest.ATIME, mode, uid, gid, size, ns, mtimeNs);
    }

    public SetAttr withMtime(long ns) {
        return new SetAttr(valid | SetAttrRequest.MTIME, mode, uid, gid, size, atimeNs, ns);
    }

    /** The server's clock at the change (UTIME_NOW), which needs only write access, not ownership. */
    public SetAttr withAtimeNow() {
        return new SetAttr(valid | SetAttrRequest.ATIME_NOW, mode, uid, gid, size, atimeNs, mtimeNs);
    }

    public SetAttr withMtimeNow() {
        return new SetAttr(valid | SetAttrRequest.MTIME_NOW, mode, uid, gid, size, atimeNs, mtimeNs);
    }

    /** Sent through an open descriptor of the caller's session ({@link SetAttrRequest#BY_OPEN_FILE}). */
    public SetAttr byOpenFile() {
        return new SetAttr(valid | SetAttrRequest.BY_OPEN_FILE, mode, uid, gid, size, atimeNs, mtimeNs);
    }

    public boolean changesSize() {
        return (valid & SetAttrRequest.SIZE) != 0;
    }

    /** Sets the modification time (utimes, explicit or now). */
    public boolean changesMtime() {
        return (valid & (SetAttrRequest.MTIME | SetAttrRequest.MTIME_NOW)) != 0;
    }

    public boolean isEmpty() {
        return (valid & ~SetAttrRequest.BY_OPEN_FILE) == 0;
    }
}
