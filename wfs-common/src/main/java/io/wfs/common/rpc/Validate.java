package io.wfs.common.rpc;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Field checks used by {@link Request#validate()} implementations; each failure is BAD_REQUEST. */
public final class Validate {
    private Validate() {
    }

    public static <T> T notNull(T value, String field) {
        if (value == null) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, field + " is missing");
        }
        return value;
    }

    public static byte[] length(byte[] value, String field, int min, int max) {
        notNull(value, field);
        if (value.length < min || value.length > max) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST,
                    field + " has " + value.length + " bytes, expected " + min + ".." + max);
        }
        return value;
    }

    public static String length(String value, String field, int maxChars) {
        if (value != null && value.length() > maxChars) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, field + " is longer than " + maxChars + " characters");
        }
        return value;
    }

    public static long range(long value, String field, long min, long max) {
        if (value < min || value > max) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, field + " = " + value + " is outside " + min + ".." + max);
        }
        return value;
    }

    /** BAD_REQUEST with {@code message} unless {@code condition} holds. */
    public static void check(boolean condition, String message) {
        if (!condition) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, message);
        }
    }
}
