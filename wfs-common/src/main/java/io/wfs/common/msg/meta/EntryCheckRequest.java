package io.wfs.common.msg.meta;

/** Asked by the sweep of a locked inode's group: does {@code parent} have entry {@code name} naming {@code ino}? */
public final class EntryCheckRequest implements MetaRequest<EntryCheckReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private long ino;

    public EntryCheckRequest() {
    }

    public EntryCheckRequest(MetaHeader header, long parent, byte[] name, long ino) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.ino = ino;
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
    }
}
