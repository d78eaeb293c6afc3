package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/** Who may change an extended attribute, by namespace (Linux xattr_permission). */
final class XattrRules {
    private XattrRules() {
    }

    static void requireWritable(MetaContext ctx, InodeAttributes a, byte[] name) {
        ctx.requireUnlocked(a);
        if (startsWith(name, "trusted.") && !ctx.caller().isRoot()) {
            throw new WfsException(WfsErrorCode.EPERM, "trusted.* attributes are root's");
        }
        if (startsWith(name, "user.") && !FileType.isRegular(a.mode()) && !FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.EPERM, "user.* attributes only on files and directories");
        }
        // As Linux: in a sticky directory (/tmp) write access is not enough; only its owner may.
        if (startsWith(name, "user.") && FileType.isDirectory(a.mode()) && (a.mode() & Posix.S_ISVTX) != 0) {
            Permissions.requireOwner(a, ctx.caller());
        }
        Permissions.require(a, ctx.caller(), Posix.W_OK);
    }

    private static boolean startsWith(byte[] name, String prefix) {
        if (name.length < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (name[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
