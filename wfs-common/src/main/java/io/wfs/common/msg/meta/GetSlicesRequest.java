package io.wfs.common.msg.meta;


/** The attributes and slice list of a regular file (read path). */
public final class GetSlicesRequest implements MetaRequest<SlicesReply> {
    private MetaHeader header;
    private long ino;

    public GetSlicesRequest() {
    }

    public GetSlicesRequest(MetaHeader header, long ino) {
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
