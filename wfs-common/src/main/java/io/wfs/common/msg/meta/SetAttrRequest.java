package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;

/** Changes the attributes selected by {@code valid} (chmod, chown, truncate, utimens): carries a {@link SetAttr}. */
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
    static final int ALL = 255;

    private SetAttr change;

    public SetAttrRequest() {
    }

    public SetAttrRequest(MetaHeader header, long ino, SetAttr change) {
        super(header, ino);
        this.change = change;
    }

    /** The change; {@link SetAttr#NOTHING} (refused by {@link #validate}) when the field is missing. */
    public SetAttr change() {
        return change == null ? SetAttr.NOTHING : change;
    }

    public int valid() {
        return change().valid();
    }

    public int mode() {
        return change().mode();
    }

    public int uid() {
        return change().uid();
    }

    public int gid() {
        return change().gid();
    }

    public long size() {
        return change().size();
    }

    public long atimeNs() {
        return change().atimeNs();
    }

    public long mtimeNs() {
        return change().mtimeNs();
    }

    @Override
    public void validate() {
        super.validate();
        int valid = valid();
        if ((valid & ~ALL) != 0 || valid == 0) {
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
