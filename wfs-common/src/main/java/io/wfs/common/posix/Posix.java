package io.wfs.common.posix;

/**
 * The POSIX numbers WFS speaks, with Linux's values (the kernel hands them to the FUSE mount
 * unchanged and the metadata servers store them): file types and mode bits, open(2) flags,
 * access(2) bits, fcntl(2) and flock(2) lock requests, utimensat(2) specials. The one place they
 * are spelled; everything else names them.
 */
public final class Posix {
    /** The file-type bits of a mode. */
    public static final int S_IFMT = 0170000;
    public static final int S_IFSOCK = 0140000;
    public static final int S_IFLNK = 0120000;
    public static final int S_IFREG = 0100000;
    public static final int S_IFBLK = 0060000;
    public static final int S_IFDIR = 0040000;
    public static final int S_IFCHR = 0020000;
    public static final int S_IFIFO = 0010000;

    public static final int S_ISUID = 04000;
    public static final int S_ISGID = 02000;
    public static final int S_ISVTX = 01000;
    /** Permission bits including setuid, setgid and sticky (what chmod sets). */
    public static final int PERMISSION_BITS = 07777;
    /** Every bit a mode may have: the type and the permissions. */
    public static final int MODE_BITS = S_IFMT | PERMISSION_BITS;
    /** Most hard links to one inode, and so subdirectories of one directory (as ext4). */
    public static final int MAX_LINKS = 65_000;
    /** Read, write and execute for owner, group and others. */
    public static final int ACCESSPERMS = 0777;
    /** Group execute: with it, setgid means "inherit the group"; without, mandatory locking. */
    public static final int S_IXGRP = 0010;
    /** Execute for anyone. */
    public static final int S_IXUGO = 0111;

    /** open(2) flags (the access mode is the low two bits, not a bit each). */
    public static final int O_ACCMODE = 03;
    public static final int O_RDONLY = 00;
    public static final int O_WRONLY = 01;
    public static final int O_RDWR = 02;
    public static final int O_CREAT = 0100;
    public static final int O_EXCL = 0200;
    public static final int O_TRUNC = 01000;
    public static final int O_APPEND = 02000;

    /** access(2) bits, also the rwx bits of each class of a mode. */
    public static final int R_OK = 4;
    public static final int W_OK = 2;
    public static final int X_OK = 1;

    /** fcntl(2) record-lock commands and lock types (x86-64 and arm64 values). */
    public static final int F_GETLK = 5;
    public static final int F_SETLK = 6;
    public static final int F_SETLKW = 7;
    public static final int F_RDLCK = 0;
    public static final int F_WRLCK = 1;
    public static final int F_UNLCK = 2;

    /** flock(2) operations. */
    public static final int LOCK_SH = 1;
    public static final int LOCK_EX = 2;
    public static final int LOCK_NB = 4;
    public static final int LOCK_UN = 8;

    /** utimensat(2) tv_nsec values: the current time, and leave the time unchanged. */
    public static final long UTIME_NOW = (1L << 30) - 1;
    public static final long UTIME_OMIT = (1L << 30) - 2;

    private Posix() {
    }

    public static boolean isDirectory(int mode) {
        return (mode & S_IFMT) == S_IFDIR;
    }

    public static boolean isRegular(int mode) {
        return (mode & S_IFMT) == S_IFREG;
    }
}
