package io.wfs.meta.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.Namespace;
import io.wfs.meta.namespace.SlotState;
import org.junit.jupiter.api.Test;

class NamespaceBenchTest {
    @Test
    void buildsTheDescribedTree() {
        Namespace ns = NamespaceBench.build(1_050);
        assertEquals(1_050 + 11 + 1, ns.usedInodes(), "files, 11 directories, root");
        SlotState root = ns.slot(0);
        assertEquals(11, root.directory(InodeNumbers.ROOT).count());
        long dir = root.lookup(InodeNumbers.ROOT, "dir-00000010".getBytes());
        SlotState dirSlot = ns.slotOf(dir);
        assertEquals(50, dirSlot.directory(dir).count());
        long file = dirSlot.lookup(dir, "train_000001049.jpeg".getBytes());
        assertEquals(InodeNumbers.slotOf(dir), InodeNumbers.slotOf(file), "file in its parent's slot");
    }

    @Test
    void runReportsConsistentFigures() throws Exception {
        NamespaceBench.Result result = NamespaceBench.run(20_000);
        assertTrue(result.digestsEqual());
        assertTrue(result.saveInodesPerSecond() > 0 && result.loadInodesPerSecond() > 0);
        assertTrue(result.snapshotBytes() > 20_000L * 30 && result.snapshotBytes() < 20_000L * 100,
                "about 55 bytes per file: " + result.snapshotBytes());
        assertTrue(result.summaryLine().matches(
                "bytes_per_file=[0-9.]+ snapshot_save_inodes_per_s=[0-9]+ snapshot_load_inodes_per_s=[0-9]+"));
    }
}
