package io.wfs.meta.model;

import static io.wfs.common.error.WfsErrorCode.EEXIST;
import static io.wfs.common.error.WfsErrorCode.EINVAL;
import static io.wfs.common.error.WfsErrorCode.EISDIR;
import static io.wfs.common.error.WfsErrorCode.ENODATA;
import static io.wfs.common.error.WfsErrorCode.EPERM;
import static io.wfs.common.posix.Posix.PERMISSION_BITS;
import static io.wfs.common.posix.Posix.S_ISGID;
import static io.wfs.common.posix.Posix.S_ISUID;
import static io.wfs.common.posix.Posix.S_ISVTX;
import static io.wfs.meta.model.ModelFs.W;

/**
 * Attribute changes of the model, with Linux's rules: setattr_prepare (chown_ok, chgrp_ok,
 * owner-only chmod), setattr_copy (chmod drops set-group-id for a group the caller is not in),
 * chown of a non-directory kills set-ids, truncate and writes by non-root kill set-ids,
 * xattr_permission for the trusted and user namespaces.
 */
final class ModelAttrs {
    static final int XATTR_CREATE = 1;
    static final int XATTR_REPLACE = 2;

    private ModelAttrs() {
    }

    static void chmod(ModelCaller c, ModelNode n, int mode) {
        ModelFs.live(n);
        int perm = mode & PERMISSION_BITS;
        // The kernel's kill-suid: a writer may clear set-user-id/set-group-id, and change nothing else.
        int setIds = S_ISUID | S_ISGID;
        boolean killsSetIds = !n.isDir() && perm != n.perm && (perm & ~n.perm) == 0 && ((perm ^ n.perm) & ~setIds) == 0
                && ModelFs.allowed(c, n, W);
        if (!killsSetIds) {
            requireOwner(c, n);
        }
        if (!c.isRoot() && !c.inGroup(n.gid)) {
            perm &= ~S_ISGID;
        }
        n.perm = perm;
    }

    /** {@code uid} or {@code gid} of -1 means "leave it", as in chown(2). */
    static void chown(ModelCaller c, ModelNode n, int uid, int gid) {
        ModelFs.live(n);
        int newUid = uid < 0 ? n.uid : uid;
        int newGid = gid < 0 ? n.gid : gid;
        if (!c.isRoot()) {
            if (uid >= 0 && !(c.uid() == n.uid && newUid == n.uid)) {
                throw new ModelError(EPERM, "chown to another user");
            }
            if (gid >= 0 && !(c.uid() == n.uid && (newGid == n.gid || c.inGroup(newGid)))) {
                throw new ModelError(EPERM, "chgrp by a non-owner or to a foreign group");
            }
        }
        n.uid = newUid;
        n.gid = newGid;
        if (!n.isDir()) {
            n.perm = ModelFs.withoutSetIds(n.perm);
        }
    }

    static void truncate(ModelCaller c, ModelNode n, long size) {
        requireWritableFile(c, n);
        n.size = size;
        if (!c.isRoot()) {
            n.perm = ModelFs.withoutSetIds(n.perm, c.inGroup(n.gid));
        }
    }

    /** A committed write of {@code length} bytes at {@code offset}, with the size the writer saw. */
    static void commit(ModelCaller c, ModelNode n, long offset, int length, long newSize) {
        requireWritableFile(c, n);
        n.size = Math.max(n.size, Math.max(offset + length, newSize));
        if (!c.isRoot()) {
            n.perm = ModelFs.withoutSetIds(n.perm, c.inGroup(n.gid));
        }
    }

    static void setXattr(ModelCaller c, ModelNode n, String name, String value, int flags) {
        ModelFs.live(n);
        requireXattrWritable(c, n, name);
        boolean present = n.xattrs.containsKey(name);
        if (present && flags == XATTR_CREATE) {
            throw new ModelError(EEXIST, "attribute exists");
        }
        if (!present && flags == XATTR_REPLACE) {
            throw new ModelError(ENODATA, "no attribute to replace");
        }
        n.xattrs.put(name, value);
    }

    static void removeXattr(ModelCaller c, ModelNode n, String name) {
        ModelFs.live(n);
        requireXattrWritable(c, n, name);
        if (n.xattrs.remove(name) == null) {
            throw new ModelError(ENODATA, "no attribute");
        }
    }

    private static void requireOwner(ModelCaller c, ModelNode n) {
        if (!c.isRoot() && c.uid() != n.uid) {
            throw new ModelError(EPERM, "not the owner");
        }
    }

    /** vfs_truncate's order: EISDIR, EINVAL for other non-regular files, then write permission. */
    private static void requireWritableFile(ModelCaller c, ModelNode n) {
        ModelFs.live(n);
        if (n.isDir()) {
            throw new ModelError(EISDIR, "directory");
        }
        if (!n.isRegular()) {
            throw new ModelError(EINVAL, "not a regular file");
        }
        ModelFs.require(c, n, W);
    }

    /** Linux xattr_permission with MAY_WRITE. */
    private static void requireXattrWritable(ModelCaller c, ModelNode n, String name) {
        if (name.startsWith("trusted.") && !c.isRoot()) {
            throw new ModelError(EPERM, "trusted.* is root's");
        }
        if (name.startsWith("user.")) {
            if (!n.isRegular() && !n.isDir()) {
                throw new ModelError(EPERM, "user.* only on files and directories");
            }
            if (n.isDir() && (n.perm & S_ISVTX) != 0 && !c.isRoot() && c.uid() != n.uid) {
                throw new ModelError(EPERM, "user.* of a sticky directory: owner only");
            }
        }
        ModelFs.require(c, n, W);
    }
}
