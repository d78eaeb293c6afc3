package io.wfs.common.msg.meta;

/** The attributes and slice list of a regular file (read path). */
public final class GetSlicesRequest extends InodeRequest<SlicesReply> {
    public GetSlicesRequest() {
    }

    public GetSlicesRequest(MetaHeader header, long ino) {
        super(header, ino);
    }
}
