package io.wfs.meta.namespace;

import io.wfs.common.posix.Posix;

/**
 * Helpers over a 16-bit mode (type bits + 12 permission bits; the numbers are {@link Posix}'s).
 * Directory entries keep the type as its 4-bit code ({@code mode >>> 12}).
 */
public final class FileType {
    private FileType() {
    }

    public static int typeBits(int mode) {
        return mode & Posix.S_IFMT;
    }

    /** The 4-bit type code stored in directory entries (the d_type of Linux equals it). */
    public static int typeCode(int mode) {
        return (mode & Posix.S_IFMT) >>> 12;
    }

    public static int typeBitsOfCode(int code) {
        return (code & 0xF) << 12;
    }

    public static boolean isDirectory(int mode) {
        return Posix.isDirectory(mode);
    }

    public static boolean isRegular(int mode) {
        return typeBits(mode) == Posix.S_IFREG;
    }

    public static boolean isSymlink(int mode) {
        return typeBits(mode) == Posix.S_IFLNK;
    }

    public static boolean isDevice(int mode) {
        int type = typeBits(mode);
        return type == Posix.S_IFCHR || type == Posix.S_IFBLK;
    }

    /** Rejects modes whose type is not one of the seven POSIX file types. */
    public static void checkValid(int mode) {
        if ((mode & ~Posix.MODE_BITS) != 0) {
            throw new IllegalArgumentException("mode has bits above 16: " + Integer.toOctalString(mode));
        }
        switch (typeBits(mode)) {
            case Posix.S_IFSOCK, Posix.S_IFLNK, Posix.S_IFREG, Posix.S_IFBLK, Posix.S_IFDIR, Posix.S_IFCHR,
                    Posix.S_IFIFO -> { }
            default -> throw new IllegalArgumentException("invalid file type in mode " + Integer.toOctalString(mode));
        }
    }
}
