package io.wfs.common.msg.meta;

/**
 * The attributes of one inode as clients see them (stat). Times in nanoseconds since the epoch.
 *
 * <p>Deliberately not shared with the meta server's {@code InodeAttributes}, which lists nearly
 * the same fields: that one is a mutable holder the server refills in place (getattr and readdirplus
 * loops allocate nothing) and carries server-only state (the caller flags, the cross-group lock bit)
 * that must never reach a client; this one is the immutable wire form, built from it by
 * {@code MetaContext.wire}. Merging them would put mutability on the wire or an allocation on the
 * hot path.
 */
public final class InodeAttr extends UidGid {
    private long ino;
    private int mode;
    private int nlink;
    private long size;
    private long atimeNs;
    private long mtimeNs;
    private long ctimeNs;
    private long rdev;
    private long parent;
    /**
     * Appended: the servers said the inode has no extended attribute. Under a cache lease this
     * answers the kernel's getxattr of security.capability before every write without a round trip
     * (a setxattr by anyone moves ctime, which takes the lease back first). False: not known.
     */
    private boolean noXattrs;

    public InodeAttr() {
    }

    public InodeAttr(long ino, int mode, int nlink, int uid, int gid, long size, long atimeNs, long mtimeNs,
                     long ctimeNs, long rdev, long parent) {
        this(ino, mode, nlink, uid, gid, size, atimeNs, mtimeNs, ctimeNs, rdev, parent, false);
    }

    public InodeAttr(long ino, int mode, int nlink, int uid, int gid, long size, long atimeNs, long mtimeNs,
                     long ctimeNs, long rdev, long parent, boolean noXattrs) {
        super(uid, gid);
        this.noXattrs = noXattrs;
        this.ino = ino;
        this.mode = mode;
        this.nlink = nlink;
        this.size = size;
        this.atimeNs = atimeNs;
        this.mtimeNs = mtimeNs;
        this.ctimeNs = ctimeNs;
        this.rdev = rdev;
        this.parent = parent;
    }

    public long ino() {
        return ino;
    }

    public int mode() {
        return mode;
    }

    public int nlink() {
        return nlink;
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

    public long rdev() {
        return rdev;
    }

    /** True when the servers said the inode has no extended attribute; false when it has one or it is not known. */
    public boolean noXattrs() {
        return noXattrs;
    }

    public long parent() {
        return parent;
    }

    @Override
    public String toString() {
        return "InodeAttr{ino=" + ino + ", mode=" + Integer.toOctalString(mode) + ", nlink=" + nlink + ", uid=" + uid()
                + ", gid=" + gid() + ", size=" + size + "}";
    }
}
