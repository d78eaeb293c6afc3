package io.wfs.raft;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Metrics of one Raft group replica, named {@code raft.<group>.*}: {@code commit} (timer,
 * propose → applied on this leader), {@code entry_commands} (histogram, commands per log entry:
 * the batching achieved), {@code failed_commands}, {@code apply_failures} (bugs), {@code leader}
 * (1 when this replica leads), {@code applied_index}.
 */
final class RaftMetrics {
    private final Timer commit;
    private final Histogram entryCommands;
    private final Counter failedCommands;
    private final Counter applyFailures;

    RaftMetrics(MetricRegistry registry, String group, BooleanSupplier isLeader, LongSupplier appliedIndex) {
        String p = "raft." + group + ".";
        commit = registry.timer(p + "commit");
        entryCommands = registry.histogram(p + "entry_commands");
        failedCommands = registry.counter(p + "failed_commands");
        applyFailures = registry.counter(p + "apply_failures");
        registry.gauge(p + "leader", () -> () -> isLeader.getAsBoolean() ? 1 : 0);
        registry.gauge(p + "applied_index", () -> appliedIndex::getAsLong);
    }

    void entryProposed(int commands) {
        entryCommands.update(commands);
    }

    void committed(long startNanos) {
        commit.update(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    void failedEntry(int commands) {
        failedCommands.inc(commands);
    }

    void applyFailed() {
        applyFailures.inc();
    }
}
