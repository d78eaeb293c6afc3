package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Closes one open of {@code ino} by this session; the last close of an unlinked file frees it. */
public final class CloseRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private long ino;

    public CloseRequest() {
    }

    public CloseRequest(MetaHeader header, long ino) {
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
        MetaHeader.requireSession(header);
    }
}
