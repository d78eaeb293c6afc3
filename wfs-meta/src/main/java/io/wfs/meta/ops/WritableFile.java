package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/** The checks of the write path (block-id allocation, slice commit): a regular file the caller may write. */
final class WritableFile {
    private WritableFile() {
    }

    static InodeAttributes check(MetaContext ctx, long ino) {
        InodeAttributes a = ctx.attributes(ino);
        if (FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.EISDIR, "is a directory");
        }
        if (!FileType.isRegular(a.mode())) {
            throw new WfsException(WfsErrorCode.EINVAL, "not a regular file");
        }
        Permissions.require(a, ctx.caller(), Posix.W_OK);
        ctx.requireUnlocked(a);
        return a;
    }
}
