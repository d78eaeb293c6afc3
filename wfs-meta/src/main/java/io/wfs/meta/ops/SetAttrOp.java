package io.wfs.meta.ops;

import static io.wfs.common.msg.meta.SetAttrRequest.ATIME;
import static io.wfs.common.msg.meta.SetAttrRequest.ATIME_NOW;
import static io.wfs.common.msg.meta.SetAttrRequest.BY_OPEN_FILE;
import static io.wfs.common.msg.meta.SetAttrRequest.GID;
import static io.wfs.common.msg.meta.SetAttrRequest.MODE;
import static io.wfs.common.msg.meta.SetAttrRequest.MTIME;
import static io.wfs.common.msg.meta.SetAttrRequest.MTIME_NOW;
import static io.wfs.common.msg.meta.SetAttrRequest.SIZE;
import static io.wfs.common.msg.meta.SetAttrRequest.UID;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.posix.SetIdRules;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SlotState;
import java.util.concurrent.CompletableFuture;

/**
 * chown, chmod, truncate and utimens, with the rules Linux applies: only root gives a file away;
 * the owner may change its group to one it belongs to; chown of a non-directory clears
 * set-user-id (and set-group-id when group-executable); chmod by the owner only, dropping
 * set-group-id for a group the caller is not in; truncate needs write permission; explicit
 * times need ownership, "now" needs ownership or write permission. ctime moves on every change.
 *
 * <p>Two rules for changes that come with a write: a mode change that only clears set-user-id or
 * set-group-id is allowed to a non-owner who may write the file or holds it open (the kernel asks
 * for it before a write, truncate or chown by someone without CAP_FSETID: "kill suid"); and a
 * change {@link io.wfs.common.msg.meta.SetAttrRequest#BY_OPEN_FILE through a descriptor} (ftruncate)
 * is checked against the descriptor, not the file's current mode bits. Whether the session holds
 * the file open is leader memory, so {@link #lead} checks it before the entry; apply trusts the flag.
 */
public final class SetAttrOp implements LeasedAttributes<SetAttrRequest> {
    @Override
    public MessageType type() {
        return MessageType.SET_ATTR;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    /** A change through a descriptor needs the file open in the sending session (EBADF otherwise). */
    @Override
    public CompletableFuture<AttrReply> lead(GroupLeader leader, SetAttrRequest req) {
        if ((req.valid() & BY_OPEN_FILE) != 0 && leader.leads()) {
            leader.inspect(req.header(), ctx -> {
                if (!ctx.leaderOpens().holds(ctx.caller().session(), req.ino())) {
                    throw new WfsException(WfsErrorCode.EBADF, "inode " + req.ino() + " is not open in this session");
                }
                return null;
            });
        }
        return leader.inThisGroup(this, req);
    }

    @Override
    public AttrReply execute(MetaContext ctx, SetAttrRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        ctx.requireUnlocked(a);
        Caller caller = ctx.caller();
        int v = req.valid();
        boolean chown = (v & (UID | GID)) != 0;
        int uid = (v & UID) != 0 ? req.uid() : a.uid();
        int gid = (v & GID) != 0 ? req.gid() : a.gid();
        // Every check comes before the first change: a refused request leaves no trace.
        if (chown && !caller.isRoot()
                && (uid != a.uid() || caller.uid() != a.uid() || (gid != a.gid() && !caller.inGroup(gid)))) {
            throw new WfsException(WfsErrorCode.EPERM, "chown not permitted");
        }
        boolean byOpenFile = (v & BY_OPEN_FILE) != 0;
        if ((v & (ATIME | MTIME)) != 0 || ((v & MODE) != 0 && !killsSetIds(a, req, caller, byOpenFile))) {
            Permissions.requireOwner(a, caller);
        }
        if ((v & SIZE) != 0) {
            checkTruncate(ctx, a, byOpenFile);
        }
        if ((v & (ATIME_NOW | MTIME_NOW)) != 0 && !caller.isRoot() && caller.uid() != a.uid()
                && !Permissions.allowed(a, caller, Posix.W_OK)) {
            throw new WfsException(WfsErrorCode.EACCES, "utimes(now) needs ownership or write permission");
        }

        SlotState slot = ctx.slotOf(req.ino());
        if ((v & SIZE) != 0 && FileType.isRegular(a.mode())) {
            // Refused before anything changes: the apply is all or nothing.
            slot.quotas().checkGrowth(req.ino(), req.size() - a.size(), 0);
        }
        boolean directory = FileType.isDirectory(a.mode());
        int permissions = a.mode() & Posix.PERMISSION_BITS;
        if (chown) {
            slot.setOwner(req.ino(), uid, gid);
            if (!directory) {
                permissions = SetIdRules.withoutSetIds(permissions);
            }
        }
        if ((v & MODE) != 0) {
            permissions = req.mode() & Posix.PERMISSION_BITS;
            if (!caller.isRoot() && !caller.inGroup(gid)) {
                permissions &= ~Posix.S_ISGID;
            }
        }
        if ((v & SIZE) != 0) {
            slot.files().truncate(a.ino(), req.size(), ctx.freedBlocks());
            slot.setMtime(a.ino(), ctx.timeNs());
            if (!caller.isRoot()) {
                permissions = SetIdRules.withoutSetIds(permissions, caller.inGroup(gid));
            }
        }
        setTimes(ctx, req, slot);
        if (permissions != (a.mode() & Posix.PERMISSION_BITS)) {
            slot.setPermissions(req.ino(), permissions);
        }
        slot.setCtime(req.ino(), ctx.timeNs());
        return new AttrReply(ctx.wire(req.ino()));
    }

    /**
     * The kernel's "kill suid" before a write, truncate or chown: a mode change that only clears
     * set-user-id and/or set-group-id, from a caller who may write the file (or writes through a
     * descriptor of its session). It takes nothing the caller could not take by writing.
     */
    private static boolean killsSetIds(InodeAttributes a, SetAttrRequest req, Caller caller, boolean byOpenFile) {
        int setIds = Posix.S_ISUID | Posix.S_ISGID;
        int old = a.mode() & Posix.PERMISSION_BITS;
        int wanted = req.mode();
        // Only files are written; a directory's set-group-id is its owner's to change.
        boolean onlyClears = !FileType.isDirectory(a.mode())
                && wanted != old && (wanted & ~old) == 0 && ((old ^ wanted) & ~setIds) == 0;
        return onlyClears && (byOpenFile || Permissions.allowed(a, caller, Posix.W_OK));
    }

    private static void checkTruncate(MetaContext ctx, InodeAttributes a, boolean byOpenFile) {
        if (FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.EISDIR, "cannot truncate a directory");
        }
        if (!FileType.isRegular(a.mode())) {
            throw new WfsException(WfsErrorCode.EINVAL, "cannot truncate a special file");
        }
        if (!byOpenFile) {
            Permissions.require(a, ctx.caller(), Posix.W_OK);
        }
    }

    private static void setTimes(MetaContext ctx, SetAttrRequest req, SlotState slot) {
        int v = req.valid();
        if ((v & ATIME_NOW) != 0) {
            slot.setAtime(req.ino(), ctx.timeNs());
        } else if ((v & ATIME) != 0) {
            slot.setAtime(req.ino(), req.atimeNs());
        }
        if ((v & MTIME_NOW) != 0) {
            slot.setMtime(req.ino(), ctx.timeNs());
        } else if ((v & MTIME) != 0) {
            slot.setMtime(req.ino(), req.mtimeNs());
        }
    }
}
