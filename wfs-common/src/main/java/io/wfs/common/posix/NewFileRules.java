package io.wfs.common.posix;

/**
 * The owner and mode a new file gets from its parent and its creator, as Linux decides them: the
 * meta servers apply them to every create, and a client answering a create itself under a
 * delegation (AsyncCreates) applies the same, so the file it describes is the file that exists.
 */
public final class NewFileRules {
    private NewFileRules() {
    }

    /** The group of a new inode: the parent's when it is set-group-id (BSD semantics), else the caller's. */
    public static int groupFor(int parentMode, int parentGid, int callerGid) {
        return (parentMode & Posix.S_ISGID) != 0 ? parentGid : callerGid;
    }

    /**
     * A non-member may not create a set-group-id file of a group it is not in (Linux
     * inode_init_owner / mode_strip_sgid). Only a group-executable one: without group-execute the
     * bit marks mandatory locking and grants nothing, so Linux keeps it.
     */
    public static int permissionsFor(int permissions, int gid, boolean callerIsRoot, boolean callerInGroup) {
        int sgidExec = Posix.S_ISGID | Posix.S_IXGRP;
        if ((permissions & sgidExec) == sgidExec && !callerIsRoot && !callerInGroup) {
            return permissions & ~Posix.S_ISGID;
        }
        return permissions;
    }

    /**
     * The permission bits of a new directory: Linux's vfs_mkdir keeps only rwx and sticky of the
     * requested mode (mkdir -m 2775 chmods afterwards); set-group-id comes from the parent alone.
     */
    public static int directoryPermissionsFor(int requested, int parentMode) {
        int permissions = requested & (Posix.S_ISVTX | Posix.ACCESSPERMS);
        return (parentMode & Posix.S_ISGID) != 0 ? permissions | Posix.S_ISGID : permissions;
    }
}
