package io.wfs.raft;

import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.error.RaftError;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Maps jraft statuses to WFS errors a client knows how to handle. */
final class RaftErrors {
    private RaftErrors() {
    }

    static WfsException fromStatus(Status status) {
        RaftError e = status.getRaftError();
        if (e == RaftError.EBUSY) {
            return new WfsException(WfsErrorCode.EBUSY, "raft group overloaded: " + status.getErrorMsg());
        }
        if (e == RaftError.EPERM || e == RaftError.ESTALE || e == RaftError.ENODESHUTDOWN
                || e == RaftError.ELEADERREMOVED || e == RaftError.ENEWLEADER || e == RaftError.ESTOP) {
            // The entry may still commit under the next leader; the client retries with the same
            // (session, sequence) and the group's session table answers the retry exactly once.
            return new WfsException(WfsErrorCode.NOT_LEADER, "leadership lost before commit: " + status.getErrorMsg());
        }
        return new WfsException(WfsErrorCode.UNAVAILABLE, "raft: " + e + " " + status.getErrorMsg());
    }
}
