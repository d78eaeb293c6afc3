package io.wfs.cli.bench;

import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.state.MetaCommand;
import io.wfs.meta.state.MetaStateMachine;
import io.wfs.raft.SnapshotImage;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * Create latency while a snapshot of a big namespace is written (issue 16, item 5). Creates
 * arrive at a fixed rate (open loop) on the thread that applies, as jraft's state-machine thread
 * does; one second in, that thread starts a snapshot: either written whole under the state lock
 * ({@code stop-the-world}, how snapshots were taken before) or captured copy-on-write and written
 * by another thread ({@code copy-on-write}, {@link MetaStateMachine#captureSnapshot}). A create's
 * latency is from its arrival to its apply, so creates queued behind a stall count it.
 */
final class SnapshotStallBench {
    private static final long SESSION = 0x5A11L;

    private final MetaStateMachine machine;
    private final Path dir;
    private final int ratePerSecond;
    private long logIndex;
    private long clockNs;
    private long seq = 1_000_000_000L;
    private long parent;

    SnapshotStallBench(MetaStateMachine machine, long logIndex, long clockNs, Path dir, int ratePerSecond) {
        this.machine = machine;
        this.logIndex = logIndex;
        this.clockNs = clockNs;
        this.dir = dir;
        this.ratePerSecond = ratePerSecond;
    }

    /** Runs one mode and prints its line; returns the p99 in milliseconds. */
    double run(boolean copyOnWrite, PrintWriter out) throws IOException {
        parent = ((io.wfs.common.msg.meta.AttrReply) apply(MessageType.MKDIR, new MkdirRequest(header(),
                InodeNumbers.ROOT, ("stall-" + copyOnWrite + "-" + seq).getBytes(StandardCharsets.US_ASCII), 0755)))
                .attr().ino();
        Path file = Files.createTempFile(dir, "wfs-stall", ".snap");
        try {
            long interval = 1_000_000_000L / ratePerSecond;
            long[] latencies = new long[ratePerSecond * 600];
            long start = System.nanoTime();
            long snapshotStart = 0;
            long snapshotEnd = Long.MAX_VALUE;
            long capturePause = 0;
            CompletableFuture<Void> writing = null;
            int first = -1;
            int last = -1;
            for (int i = 0; i < latencies.length; i++) {
                long due = start + i * interval;
                while (System.nanoTime() < due) {
                    LockSupport.parkNanos(Math.min(50_000, due - System.nanoTime()));
                }
                create(i);
                latencies[i] = System.nanoTime() - due;
                if (snapshotStart == 0 && System.nanoTime() - start >= 1_000_000_000L) {
                    snapshotStart = System.nanoTime();
                    first = i + 1;
                    if (copyOnWrite) {
                        SnapshotImage image = machine.captureSnapshot();
                        capturePause = System.nanoTime() - snapshotStart;
                        writing = CompletableFuture.runAsync(() -> write(image, file));
                    } else {
                        writeWhole(file);
                        capturePause = System.nanoTime() - snapshotStart;
                        snapshotEnd = System.nanoTime();
                    }
                }
                if (writing != null && writing.isDone() && snapshotEnd == Long.MAX_VALUE) {
                    writing.join();
                    snapshotEnd = System.nanoTime();
                }
                if (snapshotEnd != Long.MAX_VALUE && due > snapshotEnd) {
                    last = i;
                    break;
                }
            }
            long[] during = Arrays.copyOfRange(latencies, first, Math.max(first + 1, last));
            Arrays.sort(during);
            double p50 = during[during.length / 2] / 1e6;
            double p99 = during[(int) Math.min(during.length - 1, Math.ceil(during.length * 0.99) - 1)] / 1e6;
            double max = during[during.length - 1] / 1e6;
            out.printf(Locale.ROOT, "%-16s snapshot %6.2f s, apply thread held %8.1f ms, %,7d creates during it: "
                            + "p50 %8.2f ms, p99 %8.2f ms, max %8.2f ms, %,d snapshot bytes%n",
                    copyOnWrite ? "copy-on-write" : "stop-the-world", (snapshotEnd - snapshotStart) / 1e9,
                    capturePause / 1e6, during.length, p50, p99, max, Files.size(file));
            out.flush();
            return p99;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private void create(int i) {
        byte[] name = ("f" + i).getBytes(StandardCharsets.US_ASCII);
        apply(MessageType.MKNOD, new MknodRequest(header(), parent, name, Posix.S_IFREG | 0644, 0));
    }

    private void writeWhole(Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            machine.writeSnapshot(out);
        }
    }

    private static void write(SnapshotImage image, Path file) {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            image.writeTo(out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            image.release();
        }
    }

    private MetaHeader header() {
        seq++;
        return MetaHeader.root().withSequence(SESSION, seq, seq - 1);
    }

    private Object apply(MessageType type, io.wfs.common.msg.meta.MetaRequest<?> request) {
        clockNs += 1_000;
        Object result = machine.apply(ByteBuffer.wrap(MetaCommand.encode(type, clockNs, request)), ++logIndex);
        if (result instanceof RuntimeException e) {
            throw new IllegalStateException(type + " failed in the stall benchmark", e);
        }
        return result;
    }
}
