package io.wfs.common.msg.meta;


/** Looks up {@code name} in directory {@code parent}; needs search (x) permission on it. */
public final class LookupRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;

    public LookupRequest() {
    }

    public LookupRequest(MetaHeader header, long parent, byte[] name) {
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
