package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Cross-group step 3 (or the sweep): finishes ({@code commit}) or undoes the locked operation
 * recorded on {@code ino} under the lock taken at {@code lockTimeNs}. A resolution of an earlier
 * lock (a coordinator's late undo after the sweep already finished it) finds another lock time
 * and changes nothing.
 */
public final class ResolveLockRequest extends InodeRequest<OkReply> {
    private long lockTimeNs;
    private boolean commit;

    public ResolveLockRequest() {
    }

    public ResolveLockRequest(MetaHeader header, long ino, long lockTimeNs, boolean commit) {
        super(header, ino);
        this.lockTimeNs = lockTimeNs;
        this.commit = commit;
    }

    public long lockTimeNs() {
        return lockTimeNs;
    }

    public boolean commit() {
        return commit;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.check(lockTimeNs > 0, "lockTimeNs must be positive");
    }
}
