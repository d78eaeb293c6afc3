package io.wfs.meta.namespace;

/** Validation and hashing of directory entry names (raw UTF-8 bytes, never decoded). */
public final class Names {
    public static final int MAX_NAME_BYTES = 255;

    private Names() {
    }

    /** Rejects names that may never be stored: empty, ".", "..", longer than 255 bytes, '/' or NUL. */
    public static void check(byte[] name) {
        int length = name.length;
        if (length > MAX_NAME_BYTES) {
            throw new NameTooLongException(length, MAX_NAME_BYTES);
        }
        if (length == 0) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "empty name");
        }
        if (name[0] == '.' && (length == 1 || (length == 2 && name[1] == '.'))) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "'.' and '..' are not stored");
        }
        for (byte b : name) {
            if (b == '/' || b == 0) {
                throw new NamespaceException(NamespaceException.Code.EINVAL, "name contains '/' or NUL");
            }
        }
    }

    /** A fixed, platform-independent hash: the index layout must not depend on the JVM. */
    public static int hash(byte[] bytes, int offset, int length) {
        int h = 0x9747b28c ^ length;
        for (int i = 0; i < length; i++) {
            h = (h ^ bytes[offset + i]) * 0x01000193;
        }
        return mix(h);
    }

    static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }
}
