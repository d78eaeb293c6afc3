package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.Validate;

/**
 * Changes the attributes selected by {@code valid} (chmod, chown, truncate, utimens); built from a {@link SetAttr}.
 *
 * <p>The new values travel as an {@link InodeAttr} of which only the fields {@code valid} selects
 * count (mode, uid, gid, size, atime, mtime; the others are 0), as FUSE's setattr passes a
 * {@code struct stat} with a mask: the attribute fields are declared once, in InodeAttr.
 */
public final class SetAttrRequest extends InodeRequest<AttrReply> {
    public static final int MODE = 1;
    public static final int UID = 2;
    public static final int GID = 4;
    public static final int SIZE = 8;
    public static final int ATIME = 16;
    public static final int MTIME = 32;
    /** Set atime to the server's clock (UTIME_NOW). */
    public static final int ATIME_NOW = 64;
    /** Set mtime to the server's clock (UTIME_NOW). */
    public static final int MTIME_NOW = 128;
    /**
     * Not an attribute: the change comes through a descriptor the sending session holds open (ftruncate,
     * fallocate), so the server checks that the session holds the file open and then does not check the
     * file's current mode bits: POSIX checks a descriptor's access mode, which was checked at open
     * (docs/posix.md).
     */
    public static final int BY_OPEN_FILE = 256;
    static final int ALL = 511;

    private int valid;
    private InodeAttr values;

    public SetAttrRequest() {
    }

    public SetAttrRequest(MetaHeader header, long ino, SetAttr change) {
        super(header, ino);
        this.valid = change.valid();
        this.values = new InodeAttr(0, change.mode(), 0, change.uid(), change.gid(), change.size(), change.atimeNs(),
                change.mtimeNs(), 0, 0, 0);
    }

    public int valid() {
        return valid;
    }

    public int mode() {
        return values.mode();
    }

    public int uid() {
        return values.uid();
    }

    public int gid() {
        return values.gid();
    }

    public long size() {
        return values.size();
    }

    public long atimeNs() {
        return values.atimeNs();
    }

    public long mtimeNs() {
        return values.mtimeNs();
    }

    @Override
    public void validate() {
        super.validate();
        Validate.notNull(values, "values");
        if ((valid & ~ALL) != 0 || (valid & ~BY_OPEN_FILE) == 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "invalid attribute mask " + valid);
        }
        if ((valid & SIZE) != 0 && size() < 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "negative size");
        }
        if ((valid & MODE) != 0 && (mode() & ~Posix.PERMISSION_BITS) != 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "mode has bits beyond the permission bits");
        }
    }
}
