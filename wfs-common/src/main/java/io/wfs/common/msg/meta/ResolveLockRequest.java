package io.wfs.common.msg.meta;

/** Cross-group step 3 (or the sweep): finishes ({@code commit}) or undoes the locked operation recorded on {@code ino}. */
public final class ResolveLockRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private long ino;
    private boolean commit;

    public ResolveLockRequest() {
    }

    public ResolveLockRequest(MetaHeader header, long ino, boolean commit) {
        this.header = header;
        this.ino = ino;
        this.commit = commit;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public boolean commit() {
        return commit;
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
