package io.wfs.store.durability;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import io.wfs.store.disk.Extent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Builds the {@link Durability} of a policy. */
public final class Durabilities {
    private Durabilities() {
    }

    public static Durability of(FsyncPolicy policy, Duration groupWindow, MetricRegistry registry) {
        Timer fsyncs = registry.timer("store.fsync.latency");
        return switch (policy) {
            case NONE -> new Durability() {
                @Override
                public CompletableFuture<Void> sync(Extent extent) {
                    return CompletableFuture.completedFuture(null);
                }

                @Override
                public void close() {
                }
            };
            case WRITE -> new Durability() {
                @Override
                public CompletableFuture<Void> sync(Extent extent) {
                    try (Timer.Context t = fsyncs.time()) {
                        extent.force();
                        return CompletableFuture.completedFuture(null);
                    } catch (IOException e) {
                        return CompletableFuture.failedFuture(new UncheckedIOException(e));
                    }
                }

                @Override
                public void close() {
                }
            };
            case GROUP -> new GroupCommit(groupWindow, fsyncs, registry.histogram("store.fsync.group_size"));
        };
    }
}
