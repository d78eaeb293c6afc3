package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.AccessRules;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.InodeAttributes;

/** POSIX permission rules, enforced by the server with the caller's ids (the kernel's check is not enough). */
public final class Permissions {
    private Permissions() {
    }

    /** Whether {@code caller} has every bit of {@code want} (R_OK, W_OK, X_OK) on an inode. */
    public static boolean allowed(InodeAttributes a, Caller caller, int want) {
        return allowed(a.mode(), a.uid(), a.gid(), caller, want);
    }

    /** As above, from the attributes of an inode of another group (the rule is shared with clients: AccessRules). */
    public static boolean allowed(int mode, int uid, int gid, Caller caller, int want) {
        return AccessRules.allowed(mode, uid, gid, caller.uid(), caller::inGroup, want);
    }

    public static void require(InodeAttributes a, Caller caller, int want) {
        if (!allowed(a, caller, want)) {
            throw new WfsException(WfsErrorCode.EACCES, "permission denied on inode " + a.ino());
        }
    }

    /** EACCES unless the caller has {@code want} on an inode of another group. */
    public static void require(io.wfs.common.msg.meta.InodeAttr a, Caller caller, int want) {
        if (!allowed(a.mode(), a.uid(), a.gid(), caller, want)) {
            throw new WfsException(WfsErrorCode.EACCES, "permission denied on inode " + a.ino());
        }
    }

    /** chmod, utimes with explicit times, setting flags: only the owner or root. */
    public static void requireOwner(InodeAttributes a, Caller caller) {
        if (!caller.isRoot() && caller.uid() != a.uid()) {
            throw new WfsException(WfsErrorCode.EPERM, "not the owner of inode " + a.ino());
        }
    }

    /** In a sticky directory only the file's owner, the directory's owner or root may remove or rename an entry. */
    public static void requireStickyAllows(InodeAttributes dir, InodeAttributes victim, Caller caller) {
        requireStickyAllows(dir, victim.uid(), caller);
    }

    /** As above, when the victim lives in another group and only its owner is known. */
    public static void requireStickyAllows(InodeAttributes dir, int victimUid, Caller caller) {
        if ((dir.mode() & Posix.S_ISVTX) != 0 && !caller.isRoot() && caller.uid() != victimUid
                && caller.uid() != dir.uid()) {
            throw new WfsException(WfsErrorCode.EPERM, "sticky directory " + dir.ino());
        }
    }
}
