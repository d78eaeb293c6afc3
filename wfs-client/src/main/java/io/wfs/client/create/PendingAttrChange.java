package io.wfs.client.create;

import static io.wfs.common.msg.meta.SetAttrRequest.ATIME;
import static io.wfs.common.msg.meta.SetAttrRequest.ATIME_NOW;
import static io.wfs.common.msg.meta.SetAttrRequest.GID;
import static io.wfs.common.msg.meta.SetAttrRequest.MODE;
import static io.wfs.common.msg.meta.SetAttrRequest.MTIME;
import static io.wfs.common.msg.meta.SetAttrRequest.MTIME_NOW;
import static io.wfs.common.msg.meta.SetAttrRequest.SIZE;
import static io.wfs.common.msg.meta.SetAttrRequest.UID;

import io.wfs.client.Caller;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.posix.Posix;
import io.wfs.common.posix.SetIdRules;

/**
 * A chown, chmod or utimens of a file this client created and has not sent yet, answered here and
 * folded into the file's create (docs/metadata.md, "Asynchronous creates"): what tar, cp -p and
 * rsync do to each file they write. The rules are SetAttrOp's for the file's owner or root, so the
 * attributes told to the application are those the servers give the file; any other caller, and a
 * size change, goes to the servers after the file's batch.
 */
final class PendingAttrChange {
    private PendingAttrChange() {
    }

    /**
     * The attributes of {@code a} after {@code change} by {@code caller} at {@code nowNs}; null when
     * the change is not one to fold here. EPERM as the servers would refuse it.
     */
    static InodeAttr apply(InodeAttr a, Caller caller, SetAttr change, long nowNs) {
        int v = change.valid();
        boolean root = caller.uid() == 0;
        if ((v & SIZE) != 0 || (!root && caller.uid() != a.uid())) {
            return null;
        }
        boolean chown = (v & (UID | GID)) != 0;
        int uid = (v & UID) != 0 ? change.uid() : a.uid();
        int gid = (v & GID) != 0 ? change.gid() : a.gid();
        if (chown && !root && (uid != a.uid() || (gid != a.gid() && !caller.inGroup(gid)))) {
            throw new WfsException(WfsErrorCode.EPERM, "chown not permitted");
        }
        int permissions = a.mode() & Posix.PERMISSION_BITS;
        if (chown) {
            permissions = SetIdRules.withoutSetIds(permissions);
        }
        if ((v & MODE) != 0) {
            permissions = change.mode() & Posix.PERMISSION_BITS;
            if (!root && !caller.inGroup(gid)) {
                permissions &= ~Posix.S_ISGID;
            }
        }
        long atime = (v & ATIME_NOW) != 0 ? nowNs : (v & ATIME) != 0 ? change.atimeNs() : a.atimeNs();
        long mtime = (v & MTIME_NOW) != 0 ? nowNs : (v & MTIME) != 0 ? change.mtimeNs() : a.mtimeNs();
        return new InodeAttr(a.ino(), Posix.S_IFREG | permissions, a.nlink(), uid, gid, a.size(), atime, mtime, nowNs,
                a.rdev(), a.parent());
    }

    /** Whether the change sets atime (explicitly or to now). */
    static boolean setsAtime(SetAttr change) {
        return (change.valid() & (ATIME | ATIME_NOW)) != 0;
    }
}
