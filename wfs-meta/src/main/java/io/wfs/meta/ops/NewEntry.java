package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.NewFileRules;
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

    /** {@link NewFileRules#groupFor}. */
    static int groupFor(InodeAttributes parent, Caller caller) {
        return NewFileRules.groupFor(parent.mode(), parent.gid(), caller.gid());
    }

    /** {@link NewFileRules#permissionsFor}. */
    static int permissionsFor(int permissions, int gid, Caller caller) {
        return NewFileRules.permissionsFor(permissions, gid, caller.isRoot(), caller.inGroup(gid));
    }

    /** Adds the entry and moves the directory's mtime and ctime to now. */
    static void insert(MetaContext ctx, long parent, byte[] name, long child, int childMode) {
        ctx.slotOf(parent).insertEntry(parent, name, child, childMode);
        ctx.touchDirectory(parent);
    }
}
