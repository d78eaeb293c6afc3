package io.wfs.meta.namespace;

/**
 * POSIX file type bits (S_IFMT) and helpers over a 16-bit mode (type bits + 12 permission bits).
 * Directory entries keep the type as its 4-bit code ({@code mode >>> 12}).
 */
public final class FileType {
    public static final int S_IFMT = 0170000;
    public static final int S_IFSOCK = 0140000;
    public static final int S_IFLNK = 0120000;
    public static final int S_IFREG = 0100000;
    public static final int S_IFBLK = 0060000;
    public static final int S_IFDIR = 0040000;
    public static final int S_IFCHR = 0020000;
    public static final int S_IFIFO = 0010000;
    /** Permission bits including setuid, setgid and sticky. */
    public static final int PERMISSION_BITS = 07777;

    private FileType() {
    }

    public static int typeBits(int mode) {
        return mode & S_IFMT;
    }

    /** The 4-bit type code stored in directory entries (the d_type of Linux equals it). */
    public static int typeCode(int mode) {
        return (mode & S_IFMT) >>> 12;
    }

    public static int typeBitsOfCode(int code) {
        return (code & 0xF) << 12;
    }

    public static boolean isDirectory(int mode) {
        return typeBits(mode) == S_IFDIR;
    }

    public static boolean isRegular(int mode) {
        return typeBits(mode) == S_IFREG;
    }

    public static boolean isSymlink(int mode) {
        return typeBits(mode) == S_IFLNK;
    }

    public static boolean isDevice(int mode) {
        int type = typeBits(mode);
        return type == S_IFCHR || type == S_IFBLK;
    }

    /** Rejects modes whose type is not one of the seven POSIX file types. */
    public static void checkValid(int mode) {
        if ((mode & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("mode has bits above 16: " + Integer.toOctalString(mode));
        }
        switch (typeBits(mode)) {
            case S_IFSOCK, S_IFLNK, S_IFREG, S_IFBLK, S_IFDIR, S_IFCHR, S_IFIFO -> { }
            default -> throw new IllegalArgumentException("invalid file type in mode " + Integer.toOctalString(mode));
        }
    }
}
