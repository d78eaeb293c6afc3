package io.wfs.common.msg.meta;

/** Takes the quota off a directory (root only; ENODATA when it has none). The files stay. */
public final class RemoveQuotaRequest extends InodeRequest<OkReply> {
    public RemoveQuotaRequest() {
    }

    public RemoveQuotaRequest(MetaHeader header, long dirIno) {
        super(header, dirIno);
    }
}
