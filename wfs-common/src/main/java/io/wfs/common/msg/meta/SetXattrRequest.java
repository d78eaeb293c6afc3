package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Sets an extended attribute; flags: 0, CREATE (fail if present) or REPLACE (fail if absent). */
public final class SetXattrRequest extends XattrNameRequest<OkReply> {
    public static final int CREATE = 1;
    public static final int REPLACE = 2;

    private byte[] value;
    private int flags;

    public SetXattrRequest() {
    }

    public SetXattrRequest(MetaHeader header, long ino, byte[] name, byte[] value, int flags) {
        super(header, ino, name);
        this.value = value;
        this.flags = flags;
    }

    public byte[] value() {
        return value;
    }

    public int flags() {
        return flags;
    }

    @Override
    public void validate() {
        super.validate();
        XattrLimits.checkValue(value);
        if (flags != 0 && flags != CREATE && flags != REPLACE) {
            throw new WfsException(WfsErrorCode.EINVAL, "setxattr flags " + flags);
        }
    }
}
