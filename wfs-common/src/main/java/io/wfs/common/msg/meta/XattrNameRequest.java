package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The shape of requests about one extended attribute of an inode: (header, ino, name), routed by the inode. */
public abstract class XattrNameRequest<R extends Response> implements MetaRequest<R> {
    private MetaHeader header;
    private long ino;
    private byte[] name;

    protected XattrNameRequest() {
    }

    protected XattrNameRequest(MetaHeader header, long ino, byte[] name) {
        this.header = header;
        this.ino = ino;
        this.name = name;
    }

    @Override
    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public byte[] name() {
        return name;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        XattrLimits.checkName(name);
    }
}
