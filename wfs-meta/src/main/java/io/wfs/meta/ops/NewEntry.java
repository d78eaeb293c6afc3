package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.InodeAttributes;

/** The rules for adding a name to a directory, shared by mknod, mkdir, symlink and link. */
final class NewEntry {
    private NewEntry() {
    }

    /**
     * Checks that {@code parent} is an unlocked directory the caller may write and search, and
     * that {@code name} is free; returns the parent's attributes. As in Linux (filename_create
     * before may_create), an existing name is EEXIST even when the caller may not write the
     * directory (mkdir -p relies on it); looking the name up needs only search permission.
     */
    static InodeAttributes checkParent(MetaContext ctx, long parent, byte[] name) {
        InodeAttributes dir = ctx.directory(parent);
        Permissions.require(dir, ctx.caller(), Posix.X_OK);
        if (ctx.slotOf(parent).lookup(parent, name) != 0) {
            throw new WfsException(WfsErrorCode.EEXIST, "entry exists");
        }
        Permissions.require(dir, ctx.caller(), Posix.W_OK | Posix.X_OK);
        ctx.requireUnlocked(dir);
        return dir;
    }

    /** The group of a new inode: the parent's when it is set-group-id (BSD semantics), else the caller's. */
    static int groupFor(InodeAttributes parent, Caller caller) {
        return (parent.mode() & Posix.S_ISGID) != 0 ? parent.gid() : caller.gid();
    }

    /**
     * A non-member may not create a set-group-id file of a group it is not in (Linux
     * inode_init_owner / mode_strip_sgid). Only a group-executable one: without group-execute the
     * bit marks mandatory locking and grants nothing, so Linux keeps it.
     */
    static int permissionsFor(int permissions, int gid, Caller caller) {
        int sgidExec = Posix.S_ISGID | Posix.S_IXGRP;
        if ((permissions & sgidExec) == sgidExec && !caller.isRoot() && !caller.inGroup(gid)) {
            return permissions & ~Posix.S_ISGID;
        }
        return permissions;
    }

    /** Adds the entry and moves the directory's mtime and ctime to now. */
    static void insert(MetaContext ctx, long parent, byte[] name, long child, int childMode) {
        ctx.slotOf(parent).insertEntry(parent, name, child, childMode);
        ctx.touchDirectory(parent);
    }
}
