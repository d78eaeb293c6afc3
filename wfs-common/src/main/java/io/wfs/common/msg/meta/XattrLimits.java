package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.Validate;

/** Linux limits of extended attributes: names up to 255 bytes (ERANGE), values up to 64 KiB (E2BIG). */
public final class XattrLimits {
    public static final int MAX_NAME_BYTES = 255;
    public static final int MAX_VALUE_BYTES = 65536;

    private XattrLimits() {
    }

    public static void checkName(byte[] name) {
        Validate.notNull(name, "name");
        if (name.length == 0 || name.length > MAX_NAME_BYTES) {
            throw new WfsException(WfsErrorCode.ERANGE, "xattr name of " + name.length + " bytes");
        }
        for (byte b : name) {
            if (b == 0) {
                throw new WfsException(WfsErrorCode.EINVAL, "xattr name contains NUL");
            }
        }
    }

    public static void checkValue(byte[] value) {
        Validate.notNull(value, "value");
        if (value.length > MAX_VALUE_BYTES) {
            throw new WfsException(WfsErrorCode.E2BIG, "xattr value of " + value.length + " bytes");
        }
    }
}
