package io.wfs.raft;

import com.alipay.sofa.jraft.Closure;
import com.alipay.sofa.jraft.Status;
import io.wfs.common.error.WfsException;
import java.util.List;

/**
 * Completes the proposers of one log entry: with each command's result once applied, or all
 * with the same error when the entry did not commit under this leader.
 */
final class BatchClosure implements Closure {
    private final List<Proposal> proposals;
    private final Object[] results;
    private final RaftMetrics metrics;

    BatchClosure(List<Proposal> proposals, RaftMetrics metrics) {
        this.proposals = proposals;
        this.results = new Object[proposals.size()];
        this.metrics = metrics;
    }

    /** Called by the state-machine thread for command {@code i} of this entry. */
    void setResult(int i, Object result) {
        results[i] = result;
    }

    @Override
    public void run(Status status) {
        if (!status.isOk()) {
            WfsException error = RaftErrors.fromStatus(status);
            for (Proposal p : proposals) {
                p.result().completeExceptionally(error);
            }
            metrics.failedEntry(proposals.size());
            return;
        }
        for (int i = 0; i < results.length; i++) {
            Proposal p = proposals.get(i);
            metrics.committed(p.startNanos());
            if (results[i] instanceof WfsException e) {
                p.result().completeExceptionally(e);
            } else {
                p.result().complete(results[i]);
            }
        }
    }
}
