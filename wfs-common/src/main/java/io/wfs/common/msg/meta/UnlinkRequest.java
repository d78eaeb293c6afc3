package io.wfs.common.msg.meta;


/** Removes a non-directory entry; the inode goes when its last link and last open handle are gone. */
public final class UnlinkRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;

    public UnlinkRequest() {
    }

    public UnlinkRequest(MetaHeader header, long parent, byte[] name) {
        this.header = header;
        this.parent = parent;
        this.name = name;
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
