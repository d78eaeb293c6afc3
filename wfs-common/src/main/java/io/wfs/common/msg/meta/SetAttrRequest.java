package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;

/**
 * Changes the attributes selected by {@code valid} (chmod, chown, truncate, utimens); built from a {@link SetAttr}.
 *
 * <p>The seven fields of the SetAttr are copied, not carried: they are fields 3-9 of this logged
 * request, and a nested SetAttr would be one MESSAGE field instead (WireSchemaCompatibilityTest).
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
    private int mode;
    private int uid;
    private int gid;
    private long size;
    private long atimeNs;
    private long mtimeNs;

    public SetAttrRequest() {
    }

    public SetAttrRequest(MetaHeader header, long ino, SetAttr change) {
        super(header, ino);
        this.valid = change.valid();
        this.mode = change.mode();
        this.uid = change.uid();
        this.gid = change.gid();
        this.size = change.size();
        this.atimeNs = change.atimeNs();
        this.mtimeNs = change.mtimeNs();
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

    @Override
    public void validate() {
        super.validate();
        if ((valid & ~ALL) != 0 || (valid & ~BY_OPEN_FILE) == 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "invalid attribute mask " + valid);
        }
        if ((valid & SIZE) != 0 && size < 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "negative size");
        }
        if ((valid & MODE) != 0 && (mode & ~Posix.PERMISSION_BITS) != 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "mode has bits beyond the permission bits");
        }
    }
}
