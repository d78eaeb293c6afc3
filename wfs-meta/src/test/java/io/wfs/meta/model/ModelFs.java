package io.wfs.meta.model;

import static io.wfs.common.error.WfsErrorCode.EACCES;
import static io.wfs.common.error.WfsErrorCode.EEXIST;
import static io.wfs.common.error.WfsErrorCode.EISDIR;
import static io.wfs.common.error.WfsErrorCode.ENOENT;
import static io.wfs.common.error.WfsErrorCode.ENOTDIR;
import static io.wfs.common.error.WfsErrorCode.ENOTEMPTY;
import static io.wfs.common.error.WfsErrorCode.EPERM;
import static io.wfs.common.posix.Posix.S_ISGID;
import static io.wfs.common.posix.Posix.S_ISUID;
import static io.wfs.common.posix.Posix.S_ISVTX;
import static io.wfs.common.posix.Posix.S_IXGRP;

import io.wfs.common.posix.Posix;
import java.nio.charset.StandardCharsets;

/**
 * The reference namespace: a tree of {@link ModelNode}s and the Linux rules for creating and
 * removing names, written as directly as possible. Every check comes before any change, in the
 * order the Linux VFS makes them (path resolution, then the lookup of the last name, then
 * may_create / may_delete, then the file system's own checks), so that when several errors
 * apply the model answers the one Linux answers.
 *
 * <p>One deliberate difference from a local Linux file system: looking a name up needs search
 * (x) permission on its directory even for the last component. Over FUSE the kernel sends a
 * LOOKUP first and the server enforces x there, so this is what a WFS mount shows; it also stops
 * mkdir/unlink from probing for names in directories the caller may not search.
 */
final class ModelFs {
    static final int R = 4;
    static final int W = 2;
    static final int X = 1;

    final ModelNode root;

    ModelFs() {
        // MetaTester formats the root 0777 root:root so everyone may work in it.
        root = new ModelNode(Posix.S_IFDIR, 0777, 0, 0, null);
        root.parent = root;
    }

    // ---- permission rules (generic_permission with CAP_DAC_OVERRIDE for root) ----

    static boolean allowed(ModelCaller c, ModelNode n, int want) {
        if (c.isRoot()) {
            return (want & X) == 0 || n.isDir() || (n.perm & Posix.S_IXUGO) != 0;
        }
        int bits;
        if (c.uid() == n.uid) {
            bits = n.perm >> 6;
        } else if (c.inGroup(n.gid)) {
            bits = n.perm >> 3;
        } else {
            bits = n.perm;
        }
        return (bits & want) == want;
    }

    static void require(ModelCaller c, ModelNode n, int want) {
        if (!allowed(c, n, want)) {
            throw new ModelError(EACCES, "no permission " + want + " on " + n);
        }
    }

    static ModelNode live(ModelNode n) {
        if (!n.live) {
            throw new ModelError(ENOENT, "inode is gone");
        }
        return n;
    }

    static ModelNode dir(ModelNode n) {
        if (!live(n).isDir()) {
            throw new ModelError(ENOTDIR, "not a directory");
        }
        return n;
    }

    /** The entry {@code name} of {@code dir} (null when absent) after the search permission its lookup needs. */
    static ModelNode lookup(ModelCaller c, ModelNode dir, String name) {
        require(c, dir, X);
        return dir.children.get(name);
    }

    /** Linux check_sticky: in a sticky directory only root, the file's owner or the directory's owner. */
    static void requireStickyAllows(ModelCaller c, ModelNode dir, ModelNode victim) {
        if ((dir.perm & S_ISVTX) != 0 && !c.isRoot() && c.uid() != victim.uid && c.uid() != dir.uid) {
            throw new ModelError(EPERM, "sticky directory");
        }
    }

    /** Set-user-id always, set-group-id only with group-execute (else it marks mandatory locking). */
    static int withoutSetIds(int perm) {
        return withoutSetIds(perm, true);
    }

    /** After a write or truncate without CAP_FSETID: set-group-id goes also for a writer outside the file's group. */
    static int withoutSetIds(int perm, boolean writerInGroup) {
        int out = perm & ~S_ISUID;
        return (perm & S_IXGRP) != 0 || !writerInGroup ? out & ~S_ISGID : out;
    }

    /** The part of may_delete before the type checks: the name exists, the directory is writable, sticky allows. */
    static ModelNode removable(ModelCaller c, ModelNode dir, String name) {
        dir(dir);
        ModelNode victim = lookup(c, dir, name);
        if (victim == null) {
            throw new ModelError(ENOENT, "no entry " + name);
        }
        require(c, dir, W | X);
        requireStickyAllows(c, dir, victim);
        return victim;
    }

    // ---- creation ----

    /** filename_create, then may_create: EEXIST comes before the write permission check. */
    private static void checkCreate(ModelCaller c, ModelNode parent, String name) {
        dir(parent);
        if (lookup(c, parent, name) != null) {
            throw new ModelError(EEXIST, "entry exists");
        }
        require(c, parent, W | X);
    }

    /** BSD group semantics in a set-group-id directory, else the caller's group. */
    private static int newGid(ModelCaller c, ModelNode parent) {
        return (parent.perm & S_ISGID) != 0 ? parent.gid : c.gid();
    }

    private static void attach(ModelNode parent, String name, ModelNode child) {
        parent.children.put(name, child);
        child.parent = parent;
    }

    ModelNode mkdir(ModelCaller c, ModelNode parent, String name, int mode) {
        checkCreate(c, parent, name);
        // vfs_mkdir keeps only rwx and sticky; set-group-id comes from the parent alone.
        int perm = mode & (Posix.ACCESSPERMS | S_ISVTX);
        if ((parent.perm & S_ISGID) != 0) {
            perm |= S_ISGID;
        }
        ModelNode d = new ModelNode(Posix.S_IFDIR, perm, c.uid(), newGid(c, parent), null);
        attach(parent, name, d);
        parent.nlink++;
        return d;
    }

    ModelNode mknod(ModelCaller c, ModelNode parent, String name, int type, int mode) {
        checkCreate(c, parent, name);
        int gid = newGid(c, parent);
        int perm = mode & Posix.PERMISSION_BITS;
        // mode_strip_sgid: a group-executable set-group-id file of a group the caller is not in.
        if ((perm & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP) && !c.isRoot() && !c.inGroup(gid)) {
            perm &= ~S_ISGID;
        }
        ModelNode f = new ModelNode(type, perm, c.uid(), gid, null);
        attach(parent, name, f);
        return f;
    }

    ModelNode symlink(ModelCaller c, ModelNode parent, String name, String target) {
        checkCreate(c, parent, name);
        ModelNode l = new ModelNode(Posix.S_IFLNK, 0777, c.uid(), newGid(c, parent), target);
        l.size = target.getBytes(StandardCharsets.UTF_8).length;
        attach(parent, name, l);
        return l;
    }

    /** do_linkat: the old path first, then the new name (EEXIST), then vfs_link (EACCES, EPERM for directories). */
    ModelNode link(ModelCaller c, ModelNode target, ModelNode parent, String name) {
        live(target);
        checkCreate(c, parent, name);
        if (target.isDir()) {
            throw new ModelError(EPERM, "hard link to a directory");
        }
        parent.children.put(name, target);
        target.nlink++;
        return target;
    }

    // ---- removal ----

    void unlink(ModelCaller c, ModelNode parent, String name) {
        ModelNode victim = removable(c, parent, name);
        if (victim.isDir()) {
            throw new ModelError(EISDIR, "unlink of a directory");
        }
        parent.children.remove(name);
        dropLink(victim);
    }

    void rmdir(ModelCaller c, ModelNode parent, String name) {
        ModelNode victim = removable(c, parent, name);
        if (!victim.isDir()) {
            throw new ModelError(ENOTDIR, "rmdir of a non-directory");
        }
        if (!victim.children.isEmpty()) {
            throw new ModelError(ENOTEMPTY, "directory not empty");
        }
        parent.children.remove(name);
        parent.nlink--;
        victim.live = false;
    }

    /** A non-directory lost one name; with no name left it is gone (no open files in the model). */
    static void dropLink(ModelNode victim) {
        victim.nlink--;
        if (victim.nlink == 0) {
            victim.live = false;
        }
    }
}
