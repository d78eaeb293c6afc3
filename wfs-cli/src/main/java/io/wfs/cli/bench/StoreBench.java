package io.wfs.cli.bench;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.msg.store.ListBlocksRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.server.StoreServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;
import java.util.stream.Stream;

/**
 * Block stores in this JVM on loopback (each with its own data folder under one root), driven
 * through the real RPC path with a window of calls in flight. Every phase reports bytes/s and
 * per-call latency percentiles.
 */
final class StoreBench implements AutoCloseable {
    /** One measured phase. */
    record Result(String name, long calls, long bytes, double seconds, double p50Millis, double p99Millis) {
        double megabytesPerSecond() {
            return bytes / seconds / 1e6;
        }

        double callsPerSecond() {
            return calls / seconds;
        }
    }

    private final Path root;
    private final List<StoreServer> servers = new ArrayList<>();
    private final RpcClient client;
    private int nextVolume = 1;

    StoreBench(WfsConfig config, Path root, int nodes) throws Exception {
        this.root = root;
        ClusterSecret secret = ClusterSecret.of(java.util.HexFormat.of().formatHex(HandshakeProofs.nonce(16)));
        client = new RpcClient("store-bench", RpcOptions.from(config), secret, new MetricRegistry());
        try {
            for (int i = 0; i < nodes; i++) {
                servers.add(new StoreServer(config.with(StoreConfigKeys.DATA_DIRS, root.resolve("store-" + i).toString())
                        .with(StoreConfigKeys.GC_ENABLED, false).with(CommonConfigKeys.HTTP_PORT, -1), secret,
                        new MetricRegistry()).start());
            }
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    StoreServer server(int i) {
        return servers.get(i);
    }

    /** A new writable volume replicated on the first {@code replicas} nodes (node 0 primary). */
    int newVolume(int replicas) throws Exception {
        int id = nextVolume++;
        String[] addresses = new String[replicas];
        for (int i = 0; i < replicas; i++) {
            addresses[i] = servers.get(i).selfAddress();
        }
        for (int i = 0; i < replicas; i++) {
            client.call(address(i), new CreateVolumeRequest(id, addresses, true)).get(30, TimeUnit.SECONDS);
        }
        return id;
    }

    /** Writes {@code count} blocks of {@code data} with ids first.. to the volume's primary. */
    Result write(String name, int volume, long first, int count, byte[] data, int inFlight) throws Exception {
        return run(name, count, data.length, inFlight, Long.MAX_VALUE,
                i -> client.call(address(0), new WriteBlockRequest(volume, first + i, data)));
    }

    /** Writes blocks with ids first.. for {@code seconds} (at most a million). */
    Result writeFor(String name, int volume, long first, byte[] data, int inFlight, double seconds) throws Exception {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        return run(name, 1_000_000, data.length, inFlight, deadline,
                i -> client.call(address(0), new WriteBlockRequest(volume, first + i, data)));
    }

    Result read(String name, int volume, long first, int count, int length, int inFlight) throws Exception {
        return run(name, count, length, inFlight, Long.MAX_VALUE,
                i -> client.call(address(0), new ReadBlockRequest(volume, first + i, 0, length, false)));
    }

    /**
     * {@code count} reads of {@code length} bytes at random {@code length}-aligned offsets of random
     * blocks among {@code blocks} blocks of {@code blockLength} bytes with ids first.., from the
     * primary: what a random small read of a large file costs the store.
     */
    Result randomRead(String name, int volume, long first, int blocks, int blockLength, int length, int count,
                      int inFlight) throws Exception {
        Random random = new Random(12);
        int slots = Math.max(1, blockLength / length);
        return run(name, count, length, inFlight, Long.MAX_VALUE, i -> client.call(address(0),
                new ReadBlockRequest(volume, first + random.nextInt(blocks), random.nextInt(slots) * length, length, false)));
    }

    /** Deletes every other live block of {@code volume} on all its replicas; returns the bytes deleted per replica. */
    long deleteHalf(int volume, int replicas, int blockLength) throws Exception {
        BlockListReply ids = client.call(address(0), new ListBlocksRequest(volume, 0, 65_536)).get(30, TimeUnit.SECONDS);
        long[] half = Arrays.stream(ids.blockIds()).filter(id -> id % 2 == 0).toArray();
        for (int i = 0; i < replicas; i++) {
            client.call(address(i), new DeleteBlocksRequest(volume, half)).get(60, TimeUnit.SECONDS);
        }
        for (int i = 0; i < replicas; i++) {
            servers.get(i).volumes().require(volume).sealActive();
        }
        return (long) half.length * blockLength;
    }

    private InetSocketAddress address(int node) {
        return servers.get(node).rpcAddress();
    }

    /** Keeps {@code inFlight} calls going until {@code max} were sent or the deadline (nanoTime) passed. */
    private static Result run(String name, int max, long bytesPerCall, int inFlight, long deadline,
                              LongFunction<CompletableFuture<?>> call) throws Exception {
        Semaphore window = new Semaphore(inFlight);
        long[] latencies = new long[max];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long start = System.nanoTime();
        int sent = 0;
        while (sent < max && failure.get() == null && (deadline == Long.MAX_VALUE || System.nanoTime() < deadline)) {
            window.acquire();
            int n = sent++;
            long t0 = System.nanoTime();
            call.apply(n).whenComplete((r, t) -> {
                latencies[n] = System.nanoTime() - t0;
                if (t != null) {
                    failure.compareAndSet(null, t);
                }
                window.release();
            });
        }
        window.acquire(inFlight);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure.get() != null) {
            throw new IllegalStateException(name + " failed: " + failure.get(), failure.get());
        }
        Arrays.sort(latencies, 0, sent);
        return new Result(name, sent, sent * bytesPerCall, seconds, latencies[sent / 2] / 1e6,
                latencies[(int) Math.max(0, Math.ceil(sent * 0.99) - 1)] / 1e6);
    }

    static byte[] randomBlock(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    @Override
    public void close() throws IOException {
        client.close();
        for (StoreServer s : servers) {
            s.close();
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
