package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.Validate;

/** Validation of file names on the wire: the errno a POSIX caller expects for each bad name. */
public final class MetaNames {
    public static final int MAX_NAME_BYTES = 255;

    private MetaNames() {
    }

    /** A name to create or look up: 1..255 bytes, no '/', no NUL, not "." or "..". */
    public static byte[] check(byte[] name, String field) {
        Validate.notNull(name, field);
        if (name.length > MAX_NAME_BYTES) {
            throw new WfsException(WfsErrorCode.ENAMETOOLONG, field + " has " + name.length + " bytes (max 255)");
        }
        if (name.length == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, field + " is empty");
        }
        for (byte b : name) {
            if (b == '/' || b == 0) {
                throw new WfsException(WfsErrorCode.EINVAL, field + " contains '/' or NUL");
            }
        }
        if (isDotOrDotDot(name)) {
            throw new WfsException(WfsErrorCode.EINVAL, field + " is '.' or '..'");
        }
        return name;
    }

    public static boolean isDotOrDotDot(byte[] name) {
        return (name.length == 1 && name[0] == '.') || (name.length == 2 && name[0] == '.' && name[1] == '.');
    }
}
