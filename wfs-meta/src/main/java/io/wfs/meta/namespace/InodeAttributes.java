package io.wfs.meta.namespace;

/**
 * A caller-owned, reusable holder for one inode's attributes. The store never keeps these:
 * {@link SlotState#getAttributes} fills one, so a getattr or readdirplus loop allocates nothing.
 * Kept apart from the wire form {@code InodeAttr} on purpose (see there): mutable, and with flags.
 */
public final class InodeAttributes {
    private long ino;
    private int mode;
    private int flags;
    private int nlink;
    private int uid;
    private int gid;
    private long size;
    private long atimeNs;
    private long mtimeNs;
    private long ctimeNs;
    private long parent;
    private long rdev;
    private boolean hasXattrs;

    void fill(long ino, long modeFlagsNlink, long owner, long size, long atimeNs, long mtimeNs, long ctimeNs,
              long parent, long rdev) {
        this.ino = ino;
        this.mode = InodeRecord.mode(modeFlagsNlink);
        this.flags = InodeRecord.flags(modeFlagsNlink) & InodeFlags.CALLER_MASK;
        this.hasXattrs = (InodeRecord.flags(modeFlagsNlink) & InodeFlags.HAS_XATTRS) != 0;
        this.nlink = InodeRecord.nlink(modeFlagsNlink);
        this.uid = InodeRecord.high(owner);
        this.gid = InodeRecord.low(owner);
        this.size = size;
        this.atimeNs = atimeNs;
        this.mtimeNs = mtimeNs;
        this.ctimeNs = ctimeNs;
        this.parent = parent;
        this.rdev = rdev;
    }

    public long ino() {
        return ino;
    }

    /** Type bits and permission bits (S_IFMT | 07777). */
    public int mode() {
        return mode;
    }

    /** Caller flags ({@link InodeFlags#LOCK} and the other low 8 bits). */
    public int flags() {
        return flags;
    }

    /** Whether the inode carries at least one extended attribute. */
    public boolean hasXattrs() {
        return hasXattrs;
    }

    public boolean locked() {
        return (flags & InodeFlags.LOCK) != 0;
    }

    public int nlink() {
        return nlink;
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

    public long ctimeNs() {
        return ctimeNs;
    }

    public long parent() {
        return parent;
    }

    /** Device number of character and block devices, else 0. */
    public long rdev() {
        return rdev;
    }
}
