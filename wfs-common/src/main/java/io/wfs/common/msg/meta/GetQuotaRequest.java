package io.wfs.common.msg.meta;

/** The quota of a directory (ENODATA when it has none). */
public final class GetQuotaRequest extends InodeRequest<QuotaReply> {
    public GetQuotaRequest() {
    }

    public GetQuotaRequest(MetaHeader header, long dirIno) {
        super(header, dirIno);
    }
}
