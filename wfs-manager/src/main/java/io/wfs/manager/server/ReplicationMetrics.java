package io.wfs.manager.server;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.wfs.manager.state.ManagerState;
import io.wfs.manager.state.ManagerStateMachine;

/**
 * Re-replication's metrics (docs/metrics.md, "Manager"): what the leader's {@link VolumeReplicator}
 * started, finished and failed, and what is left — the queue's length is {@code
 * manager.replication_queue}, its bytes (as the replicas last reported them) here.
 */
final class ReplicationMetrics {
    final Counter copiesStarted;
    final Counter copiesDone;
    final Counter copiesFailed;
    final Counter bytesCopied;
    final Counter copiesInFlight;

    ReplicationMetrics(MetricRegistry registry, ManagerStateMachine machine, LivenessTracker tracker) {
        copiesStarted = registry.counter("manager.replication.copies_started");
        copiesDone = registry.counter("manager.replication.copies_done");
        copiesFailed = registry.counter("manager.replication.copies_failed");
        bytesCopied = registry.counter("manager.replication.bytes_copied");
        copiesInFlight = registry.counter("manager.replication.copies_in_flight");
        registry.register("manager.replication.bytes_queued", (Gauge<Long>) () -> machine.read(s -> {
            long bytes = 0;
            for (long entry : s.replicationQueue()) {
                if (ManagerState.queuedLostNode(entry) != 0) {
                    bytes += Math.max(0, tracker.volumeUsed(ManagerState.queuedVolume(entry)));
                }
            }
            return bytes;
        }));
    }
}
