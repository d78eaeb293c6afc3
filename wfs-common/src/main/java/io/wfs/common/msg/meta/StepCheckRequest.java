package io.wfs.common.msg.meta;

/**
 * The sweep's decision on an expired cross-group lock, taken through the log of the parent's
 * group: did the step of the operation that locked {@code ino} at {@code lockTimeNs} happen here?
 * By receipt ({@code byReceipt}: links, removals, renames), the record the step itself left under
 * that lock; otherwise (a mkdir's brand-new directory, which nothing else can name) whether
 * {@code parent}/{@code name} names {@code ino}. An entry alone is ambiguous for the others: a
 * file may already have had that very name before the lock. A "no" fences the step: the same step
 * applied later (proposed before, committed after a leader change) is refused, so the answer
 * stays true.
 */
public final class StepCheckRequest extends EntryNameRequest<StepCheckReply> {
    private LockFlag lock;
    private boolean byReceipt;

    public StepCheckRequest() {
    }

    private StepCheckRequest(MetaHeader header, long parent, byte[] name, long ino, long lockTimeNs, boolean byReceipt) {
        super(header, parent, name);
        this.lock = new LockFlag(ino, lockTimeNs);
        this.byReceipt = byReceipt;
    }

    /** A mkdir's check: does {@code parent}/{@code name} name the new directory {@code ino}? */
    public static StepCheckRequest entry(MetaHeader header, long parent, byte[] name, long ino, long lockTimeNs) {
        return new StepCheckRequest(header, parent, name, ino, lockTimeNs, false);
    }

    /** A link's, removal's or rename's check: did the step under this lock leave its receipt in {@code parent}'s group? */
    public static StepCheckRequest receipt(MetaHeader header, long parent, byte[] name, long ino, long lockTimeNs) {
        return new StepCheckRequest(header, parent, name, ino, lockTimeNs, true);
    }

    /** The locked inode; with {@link #lockTimeNs()} the key of its receipt and of a fence. */
    public long ino() {
        return lock.ino();
    }

    public long lockTimeNs() {
        return lock.lockTimeNs();
    }

    public boolean byReceipt() {
        return byReceipt;
    }

    @Override
    public void validate() {
        super.validate();
        LockFlag.validate(lock);
    }
}
