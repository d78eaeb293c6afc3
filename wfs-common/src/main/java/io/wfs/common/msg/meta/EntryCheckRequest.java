package io.wfs.common.msg.meta;

/**
 * Asked by the sweep of a locked inode's group: does {@code parent} have entry {@code name} naming
 * {@code ino}? With {@code removedUnderLockNs} set, the question is instead whether a cross-group
 * removal step took out an entry naming {@code ino} while it was locked at that time (a removal
 * receipt): the absence of an entry does not prove that.
 */
public final class EntryCheckRequest implements MetaRequest<EntryCheckReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private long ino;
    private long removedUnderLockNs;

    public EntryCheckRequest() {
    }

    public EntryCheckRequest(MetaHeader header, long parent, byte[] name, long ino) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.ino = ino;
    }

    public EntryCheckRequest(MetaHeader header, long parent, byte[] name, long ino, long removedUnderLockNs) {
        this(header, parent, name, ino);
        this.removedUnderLockNs = removedUnderLockNs;
    }

    public long removedUnderLockNs() {
        return removedUnderLockNs;
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

    @Override
    public long routingIno() {
        return parent;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(name, "name");
        io.wfs.common.rpc.Validate.check(removedUnderLockNs >= 0, "removedUnderLockNs is negative");
    }
}
