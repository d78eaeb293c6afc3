package io.wfs.common.msg.meta;


/** Removes an empty directory. */
public final class RmdirRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;

    public RmdirRequest() {
    }

    public RmdirRequest(MetaHeader header, long parent, byte[] name) {
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
