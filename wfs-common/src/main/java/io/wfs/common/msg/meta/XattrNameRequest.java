package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The shape of requests about one extended attribute of an inode: (header, ino, name), routed by the inode. */
public abstract class XattrNameRequest<R extends Response> extends InodeRequest<R> {
    private byte[] name;

    protected XattrNameRequest() {
    }

    protected XattrNameRequest(MetaHeader header, long ino, byte[] name) {
        super(header, ino);
        this.name = name;
    }

    public byte[] name() {
        return name;
    }

    @Override
    public void validate() {
        super.validate();
        XattrLimits.checkName(name);
    }
}
