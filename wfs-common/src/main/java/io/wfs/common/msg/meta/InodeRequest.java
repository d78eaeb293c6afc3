package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The shape of requests about one inode and nothing else: (header, ino), routed by the inode. */
public abstract class InodeRequest<R extends Response> implements MetaRequest<R> {
    private MetaHeader header;
    private long ino;

    protected InodeRequest() {
    }

    protected InodeRequest(MetaHeader header, long ino) {
        this.header = header;
        this.ino = ino;
    }

    @Override
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
