package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/**
 * The checks of the write path (block-id allocation, slice commit): a regular file the caller may
 * write. A slice commit is checked against the writer's descriptor instead ({@link CommitSlicesOp#lead}).
 */
final class WritableFile {
    private WritableFile() {
    }

    static InodeAttributes check(MetaContext ctx, long ino) {
        InodeAttributes a = checkType(ctx, ino);
        Permissions.require(a, ctx.caller(), Posix.W_OK);
        return a;
    }

    /** A regular file, not locked by a cross-group step; permissions are the caller's to check. */
    static InodeAttributes checkType(MetaContext ctx, long ino) {
        InodeAttributes a = ctx.attributes(ino);
        if (FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.EISDIR, "is a directory");
        }
        if (!FileType.isRegular(a.mode())) {
            throw new WfsException(WfsErrorCode.EINVAL, "not a regular file");
        }
        ctx.requireUnlocked(a);
        return a;
    }
}
