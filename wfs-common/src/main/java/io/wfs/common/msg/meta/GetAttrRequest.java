package io.wfs.common.msg.meta;


/** The attributes of one inode (stat). */
public final class GetAttrRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long ino;

    public GetAttrRequest() {
    }

    public GetAttrRequest(MetaHeader header, long ino) {
        this.header = header;
        this.ino = ino;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
    }
}
