package io.wfs.common.msg.meta;


/** Bytes and inodes used in the groups this server leads. */
public final class StatFsRequest implements MetaRequest<StatFsReply> {
    private MetaHeader header;

    public StatFsRequest() {
    }

    public StatFsRequest(MetaHeader header) {
        this.header = header;
    }

    public MetaHeader header() {
        return header;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
    }
}
