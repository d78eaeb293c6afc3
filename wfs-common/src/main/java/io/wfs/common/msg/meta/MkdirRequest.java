package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;

/** Creates a directory. */
public final class MkdirRequest extends EntryNameRequest<AttrReply> {
    private int mode;

    public MkdirRequest() {
    }

    public MkdirRequest(MetaHeader header, long parent, byte[] name, int mode) {
        super(header, parent, name);
        this.mode = mode;
    }

    public int mode() {
        return mode;
    }

    @Override
    public void validate() {
        super.validate();
        if ((mode & ~Posix.PERMISSION_BITS) != 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "mode has bits beyond the permission bits");
        }
    }
}
