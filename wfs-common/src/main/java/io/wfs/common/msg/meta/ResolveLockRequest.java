package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Cross-group step 3 (or the sweep): finishes ({@code commit}) or undoes the locked operation
 * recorded on {@code ino} under the lock taken at {@code lockTimeNs}. A resolution of an earlier
 * lock (a coordinator's late undo after the sweep already finished it) finds another lock time
 * and changes nothing.
 */
public final class ResolveLockRequest extends HeaderRequest<OkReply> implements ActsForClient<OkReply> {
    private LockFlag lock;
    private boolean commit;
    /**
     * The client session whose unlink or rmdir this commits, 0 for none. It forgets the
     * name and the inode when its removal is answered, so the commit does not recall it
     * ({@link #changingSession()}).
     */
    private long onBehalfOf;

    public ResolveLockRequest() {
    }

    public ResolveLockRequest(MetaHeader header, long ino, long lockTimeNs, boolean commit) {
        super(header);
        this.lock = new LockFlag(ino, lockTimeNs);
        this.commit = commit;
    }

    /** This resolution, committing a removal of client session {@code session}, which forgets the name itself. */
    public ResolveLockRequest onBehalfOf(long session) {
        this.onBehalfOf = session;
        return this;
    }

    @Override
    public long onBehalfOf() {
        return onBehalfOf;
    }

    public long ino() {
        return lock.ino();
    }

    public long lockTimeNs() {
        return lock.lockTimeNs();
    }

    @Override
    public long routingIno() {
        return lock.ino();
    }

    @Override
    public long[] namedInodes() {
        return new long[] {lock.ino()};
    }

    public boolean commit() {
        return commit;
    }

    @Override
    public void validate() {
        super.validate();
        LockFlag.validate(lock);
        Validate.check(onBehalfOf == 0 || commit, "only a commit names the session that forgot the removed name");
    }
}
