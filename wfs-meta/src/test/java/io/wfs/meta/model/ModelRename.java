package io.wfs.meta.model;

import static io.wfs.common.error.WfsErrorCode.EEXIST;
import static io.wfs.common.error.WfsErrorCode.EINVAL;
import static io.wfs.common.error.WfsErrorCode.EISDIR;
import static io.wfs.common.error.WfsErrorCode.ENOENT;
import static io.wfs.common.error.WfsErrorCode.ENOTDIR;
import static io.wfs.common.error.WfsErrorCode.ENOTEMPTY;
import static io.wfs.meta.model.ModelFs.W;
import static io.wfs.meta.model.ModelFs.X;

/**
 * rename and renameat2 in the order Linux checks them (do_renameat2, then vfs_rename, then the
 * file system): both parents; the source name (ENOENT); the target name (NOREPLACE: EEXIST,
 * EXCHANGE: ENOENT); the lock_rename trap (a directory into its own subtree: EINVAL; onto an
 * ancestor of the source: ENOTEMPTY, or EINVAL for an exchange); the same inode under both
 * names (success, nothing changes); may_delete of the source; may_create or may_delete of the
 * target; write permission on a directory that changes parent (its ".." entry changes); a
 * non-empty directory target (ENOTEMPTY).
 */
final class ModelRename {
    static final int NOREPLACE = 1;
    static final int EXCHANGE = 2;

    private ModelRename() {
    }

    static void rename(ModelCaller c, ModelNode srcDir, String srcName, ModelNode dstDir, String dstName, int flags) {
        ModelFs.dir(srcDir);
        ModelFs.dir(dstDir);
        ModelNode src = ModelFs.lookup(c, srcDir, srcName);
        if (src == null) {
            throw new ModelError(ENOENT, "no source");
        }
        ModelNode dst = ModelFs.lookup(c, dstDir, dstName);
        boolean exchange = flags == EXCHANGE;
        if (dst != null && flags == NOREPLACE) {
            throw new ModelError(EEXIST, "target exists");
        }
        if (dst == null && exchange) {
            throw new ModelError(ENOENT, "nothing to exchange with");
        }
        boolean moves = srcDir != dstDir;
        if (moves) {
            if (src.isDir() && isAncestorOrSelf(src, dstDir)) {
                throw new ModelError(EINVAL, "directory into its own subtree");
            }
            if (dst != null && dst.isDir() && isAncestorOrSelf(dst, srcDir)) {
                throw new ModelError(exchange ? EINVAL : ENOTEMPTY, "target is an ancestor of the source");
            }
        }
        if (dst == src) {
            return;
        }
        ModelFs.require(c, srcDir, W | X);
        ModelFs.requireStickyAllows(c, srcDir, src);
        ModelFs.require(c, dstDir, W | X);
        if (dst != null) {
            ModelFs.requireStickyAllows(c, dstDir, dst);
            if (!exchange && src.isDir() && !dst.isDir()) {
                throw new ModelError(ENOTDIR, "directory over a non-directory");
            }
            if (!exchange && !src.isDir() && dst.isDir()) {
                throw new ModelError(EISDIR, "non-directory over a directory");
            }
        }
        if (moves) {
            if (src.isDir()) {
                ModelFs.require(c, src, W);
            }
            if (exchange && dst.isDir()) {
                ModelFs.require(c, dst, W);
            }
        }
        if (!exchange && dst != null && dst.isDir() && !dst.children.isEmpty()) {
            throw new ModelError(ENOTEMPTY, "target directory not empty");
        }
        if (exchange) {
            exchange(srcDir, srcName, src, dstDir, dstName, dst);
        } else {
            move(srcDir, srcName, src, dstDir, dstName, dst);
        }
    }

    private static void move(ModelNode srcDir, String srcName, ModelNode src, ModelNode dstDir, String dstName,
                             ModelNode dst) {
        if (dst != null) {
            if (dst.isDir()) {
                dst.live = false;
                dstDir.nlink--;
            } else {
                ModelFs.dropLink(dst);
            }
        }
        srcDir.children.remove(srcName);
        dstDir.children.put(dstName, src);
        if (src.isDir()) {
            srcDir.nlink--;
            dstDir.nlink++;
        }
        src.parent = dstDir;
    }

    private static void exchange(ModelNode srcDir, String srcName, ModelNode src, ModelNode dstDir, String dstName,
                                 ModelNode dst) {
        srcDir.children.put(srcName, dst);
        dstDir.children.put(dstName, src);
        if (src.isDir()) {
            srcDir.nlink--;
            dstDir.nlink++;
        }
        if (dst.isDir()) {
            dstDir.nlink--;
            srcDir.nlink++;
        }
        src.parent = dstDir;
        dst.parent = srcDir;
    }

    /** Whether {@code ancestor} is {@code dir} or one of the directories above it. */
    static boolean isAncestorOrSelf(ModelNode ancestor, ModelNode dir) {
        ModelNode cur = dir;
        while (true) {
            if (cur == ancestor) {
                return true;
            }
            if (cur.parent == cur) {
                return false;
            }
            cur = cur.parent;
        }
    }
}
