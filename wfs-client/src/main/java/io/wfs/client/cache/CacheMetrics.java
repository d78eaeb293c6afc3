package io.wfs.client.cache;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;

/** The local read cache's metrics ({@code client.cache.*}, docs/metrics.md), in the mount's registry. */
final class CacheMetrics {
    final Counter hits;
    final Counter misses;
    final Counter hitBytes;
    final Counter writtenBytes;
    final Counter evictions;
    final Counter corrupt;
    final Counter errors;
    final Counter droppedWrites;

    CacheMetrics(MetricRegistry registry, FolderBlockDiskCache cache) {
        hits = registry.counter("client.cache.hits");
        misses = registry.counter("client.cache.misses");
        hitBytes = registry.counter("client.cache.hit_bytes");
        writtenBytes = registry.counter("client.cache.written_bytes");
        evictions = registry.counter("client.cache.evictions");
        corrupt = registry.counter("client.cache.corrupt");
        errors = registry.counter("client.cache.errors");
        droppedWrites = registry.counter("client.cache.dropped_writes");
        gauge(registry, "client.cache.used_bytes", cache::usedBytes);
        gauge(registry, "client.cache.entries", cache::entries);
        gauge(registry, "client.cache.enabled", () -> cache.enabled() ? 1 : 0);
    }

    /** A gauge of this cache, replacing one of an earlier cache in the same registry (a remount). */
    private static <T> void gauge(MetricRegistry registry, String name, Gauge<T> gauge) {
        registry.remove(name);
        registry.register(name, gauge);
    }
}
