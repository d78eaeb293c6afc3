package io.wfs.client;

import io.wfs.client.data.Rpc;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.MetaClient;

/**
 * fcntl and flock locks of a client's open files: the leader of the file's meta group keeps them
 * in memory (SetLockOp, GetLockOp) and answers a conflict at once; a blocking lock waits here,
 * retrying with a backoff up to 200 ms. What the leader granted is recorded in the session's
 * {@link SessionOpens}, which announces it to the group's next leader.
 */
final class ClientLocks {
    private final MetaClient meta;
    private final SessionOpens held;

    ClientLocks(MetaClient meta, SessionOpens held) {
        this.meta = meta;
        this.held = held;
    }

    void lock(WfsFile file, int kind, int type, long start, long end, long owner, boolean wait) {
        Caller c = file.caller();
        long backoffMs = 5;
        while (true) {
            try {
                io.wfs.common.msg.meta.SetLockRequest set = new io.wfs.common.msg.meta.SetLockRequest(
                        meta.mutation(c.uid(), c.gid(), c.groups()), file.ino(), kind, type, start, end, owner);
                Rpc.await(meta.callHere(set));
                held.locked(file.ino(), owner, kind, type, set.lockStart(), set.lockEnd());
                return;
            } catch (WfsException e) {
                if (!wait || e.code() != WfsErrorCode.EAGAIN) {
                    throw e;
                }
            }
            // F_SETLKW and blocking flock: the servers answer conflicts at once, the waiting is here.
            try {
                Thread.sleep(backoffMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WfsException(WfsErrorCode.EIO, "interrupted while waiting for a lock");
            }
            backoffMs = Math.min(200, backoffMs * 2);
        }
    }

    io.wfs.common.msg.meta.LockInfoReply testLock(WfsFile file, int kind, int type, long start, long end, long owner) {
        Caller c = file.caller();
        io.wfs.common.msg.meta.LockInfoReply r = Rpc.await(meta.callHere(new io.wfs.common.msg.meta.GetLockRequest(
                // The session tells the server which locks are this client's own (a read: nothing is recorded).
                meta.mutation(c.uid(), c.gid(), c.groups()), file.ino(), kind, type, start, end, owner)));
        return r.found() ? r : null;
    }
}
