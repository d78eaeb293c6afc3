package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The shape of requests about one inode and nothing else: (header, ino), routed by the inode. */
public abstract class InodeRequest<R extends Response> extends HeaderRequest<R> {
    private long ino;

    protected InodeRequest() {
    }

    protected InodeRequest(MetaHeader header, long ino) {
        super(header);
        this.ino = ino;
    }

    public long ino() {
        return ino;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public long[] namedInodes() {
        return new long[] {ino};
    }
}
