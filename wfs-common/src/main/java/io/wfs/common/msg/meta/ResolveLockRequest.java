package io.wfs.common.msg.meta;

/**
 * Cross-group step 3 (or the sweep): finishes ({@code commit}) or undoes the locked operation
 * recorded on {@code ino} under the lock taken at {@code lockTimeNs}. A resolution of an earlier
 * lock (a coordinator's late undo after the sweep already finished it) finds another lock time
 * and changes nothing.
 */
public final class ResolveLockRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private long ino;
    private long lockTimeNs;
    private boolean commit;

    public ResolveLockRequest() {
    }

    public ResolveLockRequest(MetaHeader header, long ino, long lockTimeNs, boolean commit) {
        this.header = header;
        this.ino = ino;
        this.lockTimeNs = lockTimeNs;
        this.commit = commit;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public long lockTimeNs() {
        return lockTimeNs;
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
        io.wfs.common.rpc.Validate.check(lockTimeNs > 0, "lockTimeNs must be positive");
    }
}
