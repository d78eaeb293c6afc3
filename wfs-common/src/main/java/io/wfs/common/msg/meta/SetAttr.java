package io.wfs.common.msg.meta;

import java.util.Objects;

/**
 * What one setattr changes (chmod, chown, truncate, utimens): the fields its {@link #valid} bits
 * ({@link SetAttrRequest#MODE} and the others) select; the rest are ignored. Built from
 * {@link #NOTHING} with the withers, e.g. {@code SetAttr.NOTHING.withUid(5).withGid(7)}.
 */
public final class SetAttr {
    public static final SetAttr NOTHING = new SetAttr(0, 0, 0, 0, 0, 0, 0);

    private int valid;
    private int mode;
    private int uid;
    private int gid;
    private long size;
    private long atimeNs;
    private long mtimeNs;

    /** For the codec only: {@link SetAttrRequest} carries a SetAttr on the wire. */
    SetAttr() {
    }

    public SetAttr(int valid, int mode, int uid, int gid, long size, long atimeNs, long mtimeNs) {
        this.valid = valid;
        this.mode = mode;
        this.uid = uid;
        this.gid = gid;
        this.size = size;
        this.atimeNs = atimeNs;
        this.mtimeNs = mtimeNs;
    }

    public int valid() {
        return valid;
    }

    public int mode() {
        return mode;
    }

    public int uid() {
        return uid;
    }

    public int gid() {
        return gid;
    }

    public long size() {
        return size;
    }

    public long atimeNs() {
        return atimeNs;
    }

    public long mtimeNs() {
        return mtimeNs;
    }

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

    public boolean changesSize() {
        return (valid & SetAttrRequest.SIZE) != 0;
    }

    public boolean isEmpty() {
        return valid == 0;
    }

    // Value semantics, as when this was a record (a record cannot be a protostuff message).
    @Override
    public boolean equals(Object o) {
        return o instanceof SetAttr s && valid == s.valid && mode == s.mode && uid == s.uid && gid == s.gid
                && size == s.size && atimeNs == s.atimeNs && mtimeNs == s.mtimeNs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(valid, mode, uid, gid, size, atimeNs, mtimeNs);
    }

    @Override
    public String toString() {
        return "SetAttr[valid=" + valid + ", mode=" + mode + ", uid=" + uid + ", gid=" + gid + ", size=" + size
                + ", atimeNs=" + atimeNs + ", mtimeNs=" + mtimeNs + "]";
    }
}
