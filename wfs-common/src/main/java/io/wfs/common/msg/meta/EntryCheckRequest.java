package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * The sweep's decision on an expired cross-group lock, taken through the log of the parent's
 * group: did the step of the operation that locked {@code lockedIno} at {@code lockTimeNs} happen
 * here? For a new name or a rename the question is whether {@code parent}/{@code name} names
 * {@code ino} (the moved inode, for a rename); for a removal ({@code removal}) whether a removal
 * receipt for (ino, lockTimeNs) exists, since the absence of an entry does not prove that. A
 * "no" fences the step: the same step applied later (proposed before, committed after a leader
 * change) is refused, so the answer stays true.
 */
public final class EntryCheckRequest implements MetaRequest<EntryCheckReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private long ino;
    private long lockedIno;
    private long lockTimeNs;
    private boolean removal;

    public EntryCheckRequest() {
    }

    public EntryCheckRequest(MetaHeader header, long parent, byte[] name, long ino, long lockedIno, long lockTimeNs,
                             boolean removal) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.ino = ino;
        this.lockedIno = lockedIno;
        this.lockTimeNs = lockTimeNs;
        this.removal = removal;
    }

    /** A new name's (mkdir, link) or a removal's check: the locked inode is the one named. */
    public static EntryCheckRequest of(MetaHeader header, long parent, byte[] name, long ino, long lockTimeNs,
                                       boolean removal) {
        return new EntryCheckRequest(header, parent, name, ino, ino, lockTimeNs, removal);
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

    public boolean removal() {
        return removal;
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
