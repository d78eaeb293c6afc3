package io.wfs.common.rpc;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import io.wfs.common.rpc.wire.FrameObserver;
import io.wfs.common.rpc.wire.ProtocolViolation;
import java.util.EnumMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * RPC metrics of one side ({@code server} or {@code client}) of a process, registered in the
 * injected registry. Names (see docs/metrics.md), with {@code <side>} and {@code <type>} the
 * lower-case message type:
 * <ul>
 *   <li>{@code rpc.<side>.<type>.latency} timer: requests and their latency</li>
 *   <li>{@code rpc.<side>.<type>.errors} counter: requests answered with an error</li>
 *   <li>{@code rpc.<side>.<type>.bytes_in} / {@code bytes_out} counters: frame bytes</li>
 *   <li>{@code rpc.<side>.connections.open} gauge</li>
 *   <li>{@code rpc.<side>.closed.<violation>} counters: connections closed for a protocol violation</li>
 * </ul>
 * Metric objects are created up front so the hot path never looks up a name.
 */
public final class RpcMetrics implements FrameObserver {
    private final EnumMap<MessageType, Timer> latency = new EnumMap<>(MessageType.class);
    private final EnumMap<MessageType, Counter> errors = new EnumMap<>(MessageType.class);
    private final EnumMap<MessageType, Counter> bytesIn = new EnumMap<>(MessageType.class);
    private final EnumMap<MessageType, Counter> bytesOut = new EnumMap<>(MessageType.class);
    private final EnumMap<ProtocolViolation, Counter> violations = new EnumMap<>(ProtocolViolation.class);
    private final AtomicInteger openConnections = new AtomicInteger();

    public RpcMetrics(MetricRegistry registry, String side) {
        String prefix = "rpc." + side + ".";
        for (MessageType t : MessageType.values()) {
            String p = prefix + t.metricName() + ".";
            latency.put(t, registry.timer(p + "latency"));
            errors.put(t, registry.counter(p + "errors"));
            bytesIn.put(t, registry.counter(p + "bytes_in"));
            bytesOut.put(t, registry.counter(p + "bytes_out"));
        }
        for (ProtocolViolation v : ProtocolViolation.values()) {
            violations.put(v, registry.counter(prefix + "closed." + v.metricName()));
        }
        registry.gauge(prefix + "connections.open", () -> openConnections::get);
    }

    public void completed(MessageType type, long startNanos, boolean error) {
        latency.get(type).update(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
        if (error) {
            errors.get(type).inc();
        }
    }

    public void connectionOpened() {
        openConnections.incrementAndGet();
    }

    public void connectionClosed() {
        openConnections.decrementAndGet();
    }

    public long violations(ProtocolViolation v) {
        return violations.get(v).getCount();
    }

    @Override
    public void frameIn(MessageType type, int wireBytes) {
        bytesIn.get(type).inc(wireBytes);
    }

    @Override
    public void frameOut(MessageType type, int wireBytes) {
        bytesOut.get(type).inc(wireBytes);
    }

    @Override
    public void violation(ProtocolViolation violation) {
        violations.get(violation).inc();
    }
}
