package io.wfs.cli.bench;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.SlidingTimeWindowArrayReservoir;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** A closed-loop echo load: {@code inflight} lanes, each sending its next call when the last one returns. */
final class RpcEchoBench implements AutoCloseable {
    record Phase(String name, int payloadBytes, int inflight) {
    }

    record Result(double roundTripsPerSecond, double payloadMegabytesPerSecond, double p50Micros, double p99Micros) {
    }

    private final RpcServer server;
    private final RpcClient client;
    private final InetSocketAddress address;

    RpcEchoBench(WfsConfig config, Dispatch dispatch) throws InterruptedException {
        ClusterSecret secret = ClusterSecret.of(HexFormat.of().formatHex(HandshakeProofs.nonce(16)));
        HandlerRegistry handlers = new HandlerRegistry().register(EchoRequest.class,
                (req, ctx) -> CompletableFuture.completedFuture(new EchoResponse(req.payload())), dispatch);
        server = new RpcServer("bench", RpcOptions.from(config), secret, handlers, new MetricRegistry())
                .start(new InetSocketAddress("127.0.0.1", 0));
        client = new RpcClient("bench", RpcOptions.from(config), secret, new MetricRegistry());
        address = server.address();
    }

    String transportName() {
        return server.usesEpoll() ? "epoll" : "nio";
    }

    Result run(Phase phase, int seconds) throws InterruptedException {
        byte[] payload = new byte[phase.payloadBytes()];
        runFor(payload, phase.inflight(), 1, null);
        Timer latency = new Timer(new SlidingTimeWindowArrayReservoir(seconds + 1, TimeUnit.SECONDS));
        long ops = runFor(payload, phase.inflight(), seconds, latency);
        Snapshot s = latency.getSnapshot();
        double perSecond = ops / (double) seconds;
        return new Result(perSecond, perSecond * phase.payloadBytes() / 1e6, s.getMedian() / 1e3, s.get99thPercentile() / 1e3);
    }

    private long runFor(byte[] payload, int inflight, int seconds, Timer latency) throws InterruptedException {
        LongAdder completed = new LongAdder();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        CountDownLatch lanes = new CountDownLatch(inflight);
        for (int i = 0; i < inflight; i++) {
            lane(payload, deadline, completed, latency, failure, lanes);
        }
        lanes.await();
        if (failure.get() != null) {
            throw new IllegalStateException("echo failed", failure.get());
        }
        return completed.sum();
    }

    private void lane(byte[] payload, long deadline, LongAdder completed, Timer latency,
                      AtomicReference<Throwable> failure, CountDownLatch lanes) {
        long start = System.nanoTime();
        if (start >= deadline || failure.get() != null) {
            lanes.countDown();
            return;
        }
        client.call(address, new EchoRequest(payload)).whenComplete((r, e) -> {
            if (e != null) {
                failure.compareAndSet(null, e);
            } else {
                completed.increment();
                if (latency != null) {
                    latency.update(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                }
            }
            lane(payload, deadline, completed, latency, failure, lanes);
        });
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
