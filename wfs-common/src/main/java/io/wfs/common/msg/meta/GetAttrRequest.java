package io.wfs.common.msg.meta;

/** The attributes of one inode (stat). */
public final class GetAttrRequest extends InodeRequest<AttrReply> {
    public GetAttrRequest() {
    }

    public GetAttrRequest(MetaHeader header, long ino) {
        super(header, ino);
    }
}
