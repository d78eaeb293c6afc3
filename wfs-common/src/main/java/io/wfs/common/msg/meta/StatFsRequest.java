package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Request;

/** Bytes and inodes used in the groups this server leads. */
public final class StatFsRequest implements Request<StatFsReply> {
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
