package io.wfs.common.msg.meta;

/** Closes one open of {@code ino} by this session; the last close of an unlinked file frees it. */
public final class CloseRequest extends InodeRequest<OkReply> {
    public CloseRequest() {
    }

    public CloseRequest(MetaHeader header, long ino) {
        super(header, ino);
    }

    @Override
    public void validate() {
        super.validate();
        MetaHeader.requireSession(header());
    }
}
