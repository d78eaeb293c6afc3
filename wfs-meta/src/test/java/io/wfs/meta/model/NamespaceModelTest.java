package io.wfs.meta.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.ops.MetaTester;
import io.wfs.meta.state.MetaStateMachine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random operations by several users against the real state machine and the reference
 * model: every outcome (success or errno) must match, and the trees must match periodically and
 * at the end; finally a snapshot must load into a fresh state machine with the same digest.
 *
 * <p>Reproduce a failure with {@code -Dwfs.model.seed=<seed>} (and {@code -Dwfs.model.ops=<n>} if
 * it was not the default); the seed is in every assertion message. {@code -Dwfs.model.random=<n>}
 * adds n fresh seeds for a soak run.
 */
class NamespaceModelTest {
    private static final long[] SEEDS = {0x5EED_0001L, 0x5EED_0002L, 0x5EED_0003L, 0x5EED_0004L, 0x5EED_0005L};
    private static final int OPS = Integer.getInteger("wfs.model.ops", 5_000);
    private static final int COMPARE_EVERY = 250;

    @Test
    void randomOperationsAgreeWithTheModel() throws IOException {
        String only = System.getProperty("wfs.model.seed");
        if (only != null) {
            runSeed(Long.decode(only));
            return;
        }
        for (long seed : SEEDS) {
            runSeed(seed);
        }
        // Soak runs: -Dwfs.model.random=200 adds 200 fresh seeds (each failure names its seed).
        SplittableRandom fresh = new SplittableRandom();
        for (int i = Integer.getInteger("wfs.model.random", 0); i > 0; i--) {
            runSeed(fresh.nextLong());
        }
    }

    /**
     * The first case the random walk found (seed 0x5EED0001, step 441): a file whose only slice
     * starts past offset 0, followed in its slot by another file. Snapshot load reused one
     * SliceList for every single-slice file, and the overflow map kept that shared list.
     */
    @Test
    void aLoneSliceAwayFromOffsetZeroSurvivesASnapshot() throws IOException {
        MetaTester real = new MetaTester();
        long sparse = real.create(MetaTester.ROOT, "sparse", 0644).ino();
        long next = real.create(MetaTester.ROOT, "next", 0644).ino();
        MetaHeader h = MetaHeader.root();
        real.run(new CommitSlicesRequest(h, sparse, List.of(new SliceInfo(8192, 100, 1, 1001, 0)), 8292));
        real.run(new CommitSlicesRequest(h, next, List.of(new SliceInfo(0, 50, 1, 1002, 0)), 50));
        MetaStateMachine loaded = reload(real.machine());
        assertEquals(real.machine().digest(), loaded.digest(), "digest after snapshot load");
        SlicesReply reply = (SlicesReply) loaded.query(loaded.operations().of(MessageType.GET_SLICES),
                new GetSlicesRequest(h, sparse));
        SliceInfo kept = reply.slices().get(0);
        assertEquals(1001, kept.blockId(), "the sparse file keeps its own block");
        assertEquals(8192, kept.fileOffset());
    }

    private static MetaStateMachine reload(MetaStateMachine machine) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        machine.writeSnapshot(new DataOutputStream(bytes));
        MetaStateMachine loaded = new MetaStateMachine(new int[0]);
        loaded.readSnapshot(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        return loaded;
    }

    private static void runSeed(long seed) throws IOException {
        MetaTester real = new MetaTester();
        ModelFs model = new ModelFs();
        RandomOps ops = new RandomOps(seed, real, model);
        ModelIndex index = new ModelIndex(model);
        TreeComparison comparison = new TreeComparison(real, ops.random());
        for (int i = 1; i <= OPS; i++) {
            ops.step();
            if (i % COMPARE_EVERY == 0) {
                index.refresh();
                comparison.compare(model, index, ops.where());
            }
        }
        index.refresh();
        comparison.compare(model, index, ops.where());

        assertEquals(real.machine().digest(), reload(real.machine()).digest(), "seed " + seed + ": digest after snapshot load");
        System.out.println("seed " + seed + ": " + index.all().size() + " live inodes, outcomes " + ops.outcomes());
    }
}
