package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Cross-group rename, the entry steps: {@code target} makes (dstParent, dstName) name the moved
 * inode, with the caller's permission and sticky checks and only while the locks are young;
 * {@code source} then makes (srcParent, srcName) drop it (or name the other inode, in an
 * exchange) if it still names it, and records the client's outcome. Both in one log entry when
 * the two parents share a group. Proposed by the coordinator, or sent by a group's sweep with the
 * source part only.
 */
public final class RenameEntriesRequest extends HeaderRequest<OkReply> {
    private RenamePlan plan;
    private boolean target;
    private boolean source;
    private int replacedUid;
    private long movedLockTimeNs;
    private long replacedLockTimeNs;

    public RenameEntriesRequest() {
    }

    public RenameEntriesRequest(MetaHeader header, RenamePlan plan, boolean target, boolean source, int replacedUid,
                                long movedLockTimeNs, long replacedLockTimeNs) {
        super(header);
        this.plan = plan;
        this.target = target;
        this.source = source;
        this.replacedUid = replacedUid;
        this.movedLockTimeNs = movedLockTimeNs;
        this.replacedLockTimeNs = replacedLockTimeNs;
    }

    /** When the replaced inode was locked (0 if none): the key of its removal receipt and of a sweep's fence. */
    public long replacedLockTimeNs() {
        return replacedLockTimeNs;
    }

    public RenamePlan plan() {
        return plan;
    }

    public boolean target() {
        return target;
    }

    public boolean source() {
        return source;
    }

    /** Owner of the replaced inode, for the sticky-directory rule on the destination. */
    public int replacedUid() {
        return replacedUid;
    }

    /** When the moved inode was locked: the target step refuses once it is old or a sweep fenced it. */
    public long movedLockTimeNs() {
        return movedLockTimeNs;
    }

    @Override
    public long routingIno() {
        return target ? plan.dstParent() : plan.srcParent();
    }

    @Override
    public void validate() {
        super.validate();
        RenamePlan.validate(plan);
        Validate.check(target || source, "neither the target nor the source part");
        Validate.check(!target || movedLockTimeNs > 0, "the target part needs the moved inode's lock time");
        Validate.check(replacedLockTimeNs >= 0, "replacedLockTimeNs is negative");
    }
}
