package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * The sweep's decision on an expired cross-group lock, taken through the log of the parent's
 * group: did the step of the operation that locked {@code lockedIno} at {@code lockTimeNs} happen
 * here? By receipt ({@code byReceipt}: links, removals, renames), the record the step itself left
 * under that lock; otherwise (a mkdir's brand-new directory, which nothing else can name) whether
 * {@code parent}/{@code name} names {@code ino}. An entry alone is ambiguous for the others: a
 * file may already have had that very name before the lock. A "no" fences the step: the same step
 * applied later (proposed before, committed after a leader change) is refused, so the answer
 * stays true.
 */
public final class StepCheckRequest implements MetaRequest<StepCheckReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private long ino;
    private long lockedIno;
    private long lockTimeNs;
    private boolean byReceipt;

    public StepCheckRequest() {
    }

    public StepCheckRequest(MetaHeader header, long parent, byte[] name, long ino, long lockedIno, long lockTimeNs,
                             boolean byReceipt) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.ino = ino;
        this.lockedIno = lockedIno;
        this.lockTimeNs = lockTimeNs;
        this.byReceipt = byReceipt;
    }

    /** A mkdir's check: does {@code parent}/{@code name} name the new directory {@code ino}? */
    public static StepCheckRequest entry(MetaHeader header, long parent, byte[] name, long ino, long lockTimeNs) {
        return new StepCheckRequest(header, parent, name, ino, ino, lockTimeNs, false);
    }

    /** A link's, removal's or rename's check: did the step under this lock leave its receipt in {@code parent}'s group? */
    public static StepCheckRequest receipt(MetaHeader header, long parent, byte[] name, long lockedIno, long lockTimeNs) {
        return new StepCheckRequest(header, parent, name, lockedIno, lockedIno, lockTimeNs, true);
    }

    public MetaHeader header() {
        return header;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    public long ino() {
        return ino;
    }

    /** The inode whose lock is being decided; with {@link #lockTimeNs()} the key of the fence. */
    public long lockedIno() {
        return lockedIno;
    }

    public long lockTimeNs() {
        return lockTimeNs;
    }

    public boolean byReceipt() {
        return byReceipt;
    }

    @Override
    public long routingIno() {
        return parent;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(name, "name");
        Validate.check(ino != 0 && lockedIno != 0, "no inode given");
        Validate.check(lockTimeNs > 0, "lockTimeNs must be positive");
    }
}
