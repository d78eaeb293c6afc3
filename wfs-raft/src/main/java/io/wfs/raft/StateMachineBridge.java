package io.wfs.raft;

import com.alipay.sofa.jraft.Closure;
import com.alipay.sofa.jraft.Iterator;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.core.StateMachineAdapter;
import com.alipay.sofa.jraft.error.RaftError;
import com.alipay.sofa.jraft.storage.snapshot.SnapshotReader;
import com.alipay.sofa.jraft.storage.snapshot.SnapshotWriter;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Adapts jraft's state-machine callbacks to a {@link ReplicatedStateMachine}: batch decoding, results, snapshots. */
final class StateMachineBridge extends StateMachineAdapter {
    static final String SNAPSHOT_FILE = "state.bin";
    private static final Logger LOG = LoggerFactory.getLogger(StateMachineBridge.class);

    private final String group;
    private final ReplicatedStateMachine machine;
    private final AtomicLong appliedIndex = new AtomicLong();
    private final AtomicLong leaderTerm = new AtomicLong(-1);
    private RaftMetrics metrics;
    private java.util.concurrent.ExecutorService snapshotThread;

    StateMachineBridge(String group, ReplicatedStateMachine machine) {
        this.group = group;
        this.machine = machine;
    }

    void setMetrics(RaftMetrics metrics) {
        this.metrics = metrics;
    }

    long appliedIndex() {
        return appliedIndex.get();
    }

    boolean isLeader() {
        return leaderTerm.get() > 0;
    }

    /** The term this replica leads in, or -1. */
    long leaderTerm() {
        return leaderTerm.get();
    }

    @Override
    public void onApply(Iterator it) {
        while (it.hasNext()) {
            Closure done = it.done();
            BatchClosure batch = done instanceof BatchClosure b ? b : null;
            // A duplicate: jraft keeps this very buffer in its in-memory log and replicates it from
            // there if this replica becomes leader; consuming it would send empty entries.
            ByteBuffer data = it.getData().duplicate();
            long index = it.getIndex();
            int count = CommandBatch.readCount(data);
            for (int i = 0; i < count; i++) {
                Object result = applyOne(CommandBatch.next(data), index);
                if (batch != null) {
                    batch.setResult(i, result);
                }
            }
            appliedIndex.set(index);
            if (done != null) {
                done.run(Status.OK());
            }
            it.next();
        }
    }

    private Object applyOne(ByteBuffer command, long index) {
        try {
            return machine.apply(command, index);
        } catch (RuntimeException | AssertionError | StackOverflowError e) {
            // Deterministic code fails the same way on every replica, so the replicas stay equal;
            // the bug is made loud here and in raft.<group>.apply_failures. Letting it reach jraft
            // would stop the group applying anything at all.
            LOG.error("group {}: applying the command at index {} failed", group, index, e);
            if (metrics != null) {
                metrics.applyFailed();
            }
            return new WfsException(WfsErrorCode.INTERNAL, "apply failed: " + e);
        }
    }

    /**
     * Captures the state on this (the state-machine) thread, then writes it on the group's
     * snapshot thread: jraft goes on applying as soon as this returns and is told through
     * {@code done} when the file is complete. jraft runs one save at a time.
     */
    @Override
    public void onSnapshotSave(SnapshotWriter writer, Closure done) {
        SnapshotImage image;
        try {
            image = machine.captureSnapshot();
        } catch (IOException | RuntimeException e) {
            LOG.error("group {}: snapshot capture failed", group, e);
            done.run(new Status(RaftError.EIO, "snapshot capture failed: %s", e));
            return;
        }
        try {
            snapshotWriter().execute(() -> write(image, writer, done));
        } catch (java.util.concurrent.RejectedExecutionException stopping) {
            image.release();
            done.run(new Status(RaftError.ESHUTDOWN, "the group is stopping"));
        }
    }

    private void write(SnapshotImage image, SnapshotWriter writer, Closure done) {
        Path file = Path.of(writer.getPath(), SNAPSHOT_FILE);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            image.writeTo(out);
        } catch (IOException | RuntimeException e) {
            LOG.error("group {}: snapshot save failed", group, e);
            done.run(new Status(RaftError.EIO, "snapshot save failed: %s", e));
            return;
        } finally {
            image.release();
        }
        if (writer.addFile(SNAPSHOT_FILE)) {
            done.run(Status.OK());
        } else {
            done.run(new Status(RaftError.EIO, "cannot add %s to the snapshot", SNAPSHOT_FILE));
        }
    }

    private synchronized java.util.concurrent.ExecutorService snapshotWriter() {
        if (snapshotThread == null) {
            snapshotThread = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "raft-snapshot-" + group);
                t.setDaemon(true);
                return t;
            });
        }
        return snapshotThread;
    }

    @Override
    public void onShutdown() {
        synchronized (this) {
            if (snapshotThread != null) {
                snapshotThread.shutdown();
            }
        }
    }

    @Override
    public boolean onSnapshotLoad(SnapshotReader reader) {
        if (reader.getFileMeta(SNAPSHOT_FILE) == null) {
            LOG.error("group {}: snapshot at {} has no {}", group, reader.getPath(), SNAPSHOT_FILE);
            return false;
        }
        Path file = Path.of(reader.getPath(), SNAPSHOT_FILE);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            machine.readSnapshot(in);
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.error("group {}: snapshot load failed", group, e);
            return false;
        }
    }

    @Override
    public void onLeaderStart(long term) {
        // One line per term won: the chaos suite checks from the logs that no term had two leaders.
        LOG.info("group {}: leader of term {}", group, term);
        leaderTerm.set(term);
        machine.onLeaderStart(term);
    }

    @Override
    public void onLeaderStop(Status status) {
        leaderTerm.set(-1);
        machine.onLeaderStop();
    }
}
