package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Request;

/** The names of an inode's extended attributes. */
public final class ListXattrRequest implements Request<XattrNamesReply> {
    private MetaHeader header;
    private long ino;

    public ListXattrRequest() {
    }

    public ListXattrRequest(MetaHeader header, long ino) {
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
    public void validate() {
        MetaHeader.validate(header);
    }
}
