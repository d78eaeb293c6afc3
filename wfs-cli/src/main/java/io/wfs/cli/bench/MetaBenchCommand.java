package io.wfs.cli.bench;

import io.wfs.cli.WfsCommand;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.BlockIdsReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.state.InternalCommand;
import io.wfs.meta.state.MetaCommand;
import io.wfs.meta.state.MetaStateMachine;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The metadata state machine in-process, without network or Raft: N small files created by
 * applying encoded log commands exactly as a group's replicas do, then retained heap per file
 * and snapshot save/load speed of the whole replicated state (namespace, sessions, deletion
 * queue). The last line is the machine-readable summary for docs/meta-memory.md.
 */
@Command(name = "meta", mixinStandardHelpOptions = true,
        description = "Metadata state machine in-process: apply ops/s, heap bytes per file, snapshot save/load inodes/s.")
public final class MetaBenchCommand implements Callable<Integer> {
    private static final long START_NS = 1_700_000_000_000_000_000L;
    private static final int SESSION = 1;

    @Option(names = "--files", defaultValue = "1000000", description = "Small files to create. Default: ${DEFAULT-VALUE}.")
    int files;

    @Option(names = "--files-per-dir", defaultValue = "100", description = "Files per directory. Default: ${DEFAULT-VALUE}.")
    int filesPerDirectory;

    @Option(names = "--snapshot-dir", description = "Where the temporary snapshot file goes. Default: the system temp folder.")
    Path snapshotDir;

    @Option(names = "--stall-rate", defaultValue = "0", paramLabel = "CREATES_PER_S",
            description = "Also measure create latency at this open-loop rate while a snapshot is written, "
                    + "stop-the-world then copy-on-write (0: skip). Default: ${DEFAULT-VALUE}.")
    int stallRate;

    @Spec
    CommandSpec spec;

    private MetaStateMachine machine;
    private long logIndex;
    private long clockNs = START_NS;
    private long seq;
    private long applyNanos;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (files < 1 || filesPerDirectory < 1) {
            err.println("wfs: --files and --files-per-dir must be positive");
            return WfsCommand.EXIT_USAGE;
        }
        long heapBefore = retainedHeap();
        machine = new MetaStateMachine(allSlots());
        apply(MetaCommand.encode(InternalCommand.CREATE_ROOT, clockNs, new byte[0]));
        long wallStart = System.nanoTime();
        long commands = build(err);
        double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
        long heapAfter = retainedHeap();
        long inodes = machine.read(ns -> ns.usedInodes());
        double bytesPerFile = (heapAfter - heapBefore) / (double) files;
        double applyPerSecond = commands / (applyNanos / 1e9);

        Path dir = snapshotDir != null ? snapshotDir : Path.of(System.getProperty("java.io.tmpdir"));
        Path file = Files.createTempFile(dir, "wfs-meta-bench", ".snap");
        try {
            long digest = machine.digest();
            long t0 = System.nanoTime();
            try (DataOutputStream snap = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(file.toFile()), 1 << 16))) {
                machine.writeSnapshot(snap);
            }
            long t1 = System.nanoTime();
            MetaStateMachine loaded = new MetaStateMachine(new int[0]);
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(file.toFile()), 1 << 16))) {
                loaded.readSnapshot(in);
            }
            long t2 = System.nanoTime();
            boolean equal = loaded.digest() == digest;
            double save = inodes / ((t1 - t0) / 1e9);
            double load = inodes / ((t2 - t1) / 1e9);
            long snapshotBytes = Files.size(file);
            Reference.reachabilityFence(machine);

            out.printf(Locale.ROOT, "meta state machine, in-process: %,d files in %,d directories (%,d per directory), %,d inodes%n",
                    files, directories(), filesPerDirectory, inodes);
            out.printf(Locale.ROOT, "%-38s %18s%n", "measure", "value");
            out.printf(Locale.ROOT, "%-38s %,18d%n", "commands applied (mkdir+mknod+commit)", commands);
            out.printf(Locale.ROOT, "%-38s %,18.0f%n", "apply ops/s (apply time only)", applyPerSecond);
            out.printf(Locale.ROOT, "%-38s %18.2f%n", "build wall s (incl. encoding)", wallSeconds);
            out.printf(Locale.ROOT, "%-38s %,18d%n", "retained heap bytes", heapAfter - heapBefore);
            out.printf(Locale.ROOT, "%-38s %18.1f%n", "heap bytes per file", bytesPerFile);
            out.printf(Locale.ROOT, "%-38s %,18d%n", "snapshot bytes", snapshotBytes);
            out.printf(Locale.ROOT, "%-38s %18.2f%n", "snapshot save s", (t1 - t0) / 1e9);
            out.printf(Locale.ROOT, "%-38s %18.2f%n", "snapshot load s", (t2 - t1) / 1e9);
            out.printf(Locale.ROOT, "%-38s %18s%n", "digest equal after load", equal);
            if (!equal) {
                err.printf(Locale.ROOT, "wfs: the loaded snapshot's digest %016x differs from the original %016x%n",
                        loaded.digest(), digest);
            }
            out.printf(Locale.ROOT, "bytes_per_file=%.1f apply_ops_per_s=%.0f snapshot_save_inodes_per_s=%.0f"
                    + " snapshot_load_inodes_per_s=%.0f%n", bytesPerFile, applyPerSecond, save, load);
            out.flush();
            loaded = null;
            if (stallRate > 0) {
                SnapshotStallBench stall = new SnapshotStallBench(machine, logIndex, clockNs, dir, stallRate);
                stall.run(false, out);
                stall.run(true, out);
            }
            return equal ? 0 : 1;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * Directories (placed by MkdirOp's hash), then their files in the directory's
     * slot, each with one slice from a per-directory batch of block ids. Returns the number of
     * mkdir, mknod and commit commands; the one block-id batch per directory is applied (and
     * timed) but not counted.
     */
    private long build(PrintWriter progress) {
        byte[] dirName = "dir-00000000".getBytes(StandardCharsets.US_ASCII);
        byte[] fileName = "train_000000000.jpeg".getBytes(StandardCharsets.US_ASCII);
        long commands = 0;
        int made = 0;
        int nextReport = files / 10;
        byte[] partName = "part-0000".getBytes(StandardCharsets.US_ASCII);
        // A directory holds at most MAX_LINKS (65,000) subdirectories, as ext4: past that the
        // leaf directories go one level down, 1,000 per intermediate directory.
        boolean flat = directories() <= 60_000;
        long parent = InodeNumbers.ROOT;
        for (int d = 0; made < files; d++) {
            if (!flat && d % 1_000 == 0) {
                digits(partName, 5, 4, d / 1_000);
                parent = ((AttrReply) mutate(MessageType.MKDIR, new MkdirRequest(next(), InodeNumbers.ROOT, partName, 0755)))
                        .attr().ino();
                commands++;
            }
            digits(dirName, 4, 8, d);
            long dir = ((AttrReply) mutate(MessageType.MKDIR, new MkdirRequest(next(), parent, dirName, 0755)))
                    .attr().ino();
            commands++;
            int inDir = Math.min(filesPerDirectory, files - made);
            long firstBlock = -1;
            for (int f = 0; f < inDir; f++, made++) {
                digits(fileName, 6, 9, made);
                long ino = ((AttrReply) mutate(MessageType.MKNOD, new MknodRequest(next(), dir, fileName, Posix.S_IFREG | 0644, 0)))
                        .attr().ino();
                if (firstBlock < 0) {
                    // Writers take block ids in batches from the file's slot (the directory's slot).
                    firstBlock = ((BlockIdsReply) mutate(MessageType.ALLOCATE_BLOCK_IDS,
                            new AllocateBlockIdsRequest(next(), ino, inDir))).firstId();
                }
                int length = 65_536 + (made & 0xFFFF);
                mutate(MessageType.COMMIT_SLICES, new CommitSlicesRequest(next(), ino,
                        List.of(new SliceInfo(0, length, made & 0xFF, firstBlock + f, 0)), length));
                commands += 2;
            }
            if (made >= nextReport && nextReport > 0 && made < files) {
                progress.printf(Locale.ROOT, "  %,d of %,d files%n", made, files);
                progress.flush();
                nextReport += files / 10;
            }
        }
        return commands;
    }

    private int directories() {
        return (files + filesPerDirectory - 1) / filesPerDirectory;
    }

    /**
     * The header of the next mutation: a (session, seq) pair that acknowledges the previous one,
     * as the client library sends, so the exactly-once table is exercised as in production.
     */
    private MetaHeader next() {
        seq++;
        return MetaHeader.root().withSequence(SESSION, seq, seq - 1);
    }

    /** One mutation as a replica sees it: encoded with the leader's time, then applied (only the apply is timed). */
    private Object mutate(MessageType type, MetaRequest<?> request) {
        clockNs += 1_000;
        Object result = apply(MetaCommand.encode(type, clockNs, request));
        if (result instanceof WfsException e) {
            throw new IllegalStateException(type + " failed during the benchmark: " + e.getMessage(), e);
        }
        return result;
    }

    private Object apply(byte[] command) {
        long t = System.nanoTime();
        Object result = machine.apply(ByteBuffer.wrap(command), ++logIndex);
        applyNanos += System.nanoTime() - t;
        return result;
    }

    private static int[] allSlots() {
        int[] slots = new int[InodeNumbers.SLOT_COUNT];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = i;
        }
        return slots;
    }

    private static void digits(byte[] target, int offset, int count, int value) {
        for (int i = offset + count - 1; i >= offset; i--) {
            target[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }

    /** Used heap after full collections, the lowest of five readings (as NamespaceBench measures). */
    private static long retainedHeap() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
