package io.wfs.common.metrics;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.jvm.GarbageCollectorMetricSet;
import com.codahale.metrics.jvm.MemoryUsageGaugeSet;
import com.codahale.metrics.jvm.ThreadStatesGaugeSet;

/** Registers heap, GC and thread gauges ({@code jvm.memory.*}, {@code jvm.gc.*}, {@code jvm.threads.*}). */
public final class JvmMetrics {
    private JvmMetrics() {
    }

    public static MetricRegistry register(MetricRegistry registry) {
        registry.register("jvm.memory", new MemoryUsageGaugeSet());
        registry.register("jvm.gc", new GarbageCollectorMetricSet());
        registry.register("jvm.threads", new ThreadStatesGaugeSet());
        return registry;
    }
}
