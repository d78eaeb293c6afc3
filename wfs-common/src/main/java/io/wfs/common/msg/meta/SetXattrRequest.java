package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Sets an extended attribute; flags: 0, CREATE (fail if present) or REPLACE (fail if absent). */
public final class SetXattrRequest implements MetaRequest<OkReply> {
    public static final int CREATE = 1;
    public static final int REPLACE = 2;

    private MetaHeader header;
    private long ino;
    private byte[] name;
    private byte[] value;
    private int flags;

    public SetXattrRequest() {
    }

    public SetXattrRequest(MetaHeader header, long ino, byte[] name, byte[] value, int flags) {
        this.header = header;
        this.ino = ino;
        this.name = name;
        this.value = value;
        this.flags = flags;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public byte[] name() {
        return name;
    }

    public byte[] value() {
        return value;
    }

    public int flags() {
        return flags;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        XattrLimits.checkName(name);
        XattrLimits.checkValue(value);
        if (flags != 0 && flags != CREATE && flags != REPLACE) {
            throw new WfsException(WfsErrorCode.EINVAL, "setxattr flags " + flags);
        }
    }
}
