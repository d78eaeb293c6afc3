package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;

/** Creates a directory. */
public final class MkdirRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private int mode;

    public MkdirRequest() {
    }

    public MkdirRequest(MetaHeader header, long parent, byte[] name, int mode) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.mode = mode;
    }

    public MetaHeader header() {
        return header;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    public int mode() {
        return mode;
    }

    @Override
    public long routingIno() {
        return parent;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(name, "name");
        if ((mode & ~Posix.PERMISSION_BITS) != 0) {
            throw new WfsException(WfsErrorCode.EINVAL, "mode has bits beyond the permission bits");
        }
    }
}
