package io.wfs.client.create;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.client.Caller;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which pending creates of a delegated directory leave together (DelegatedDirectory.takeBatch). */
class BatchSelectionTest {
    private static final Caller ALICE = new Caller(1000, 100, new int[] {100});
    private static final Caller BOB = new Caller(1001, 100, new int[] {100});

    private final DelegatedDirectory dir = new DelegatedDirectory(9, "g0", null);
    private long nextIno = 100;

    private PendingCreate create(Caller caller, String name) {
        InodeAttr attr = new InodeAttr(nextIno++, Posix.S_IFREG | 0644, 1, caller.uid(), caller.gid(), 0, 1, 1, 1, 0, 9);
        PendingCreate p = new PendingCreate(9, name.getBytes(StandardCharsets.UTF_8), name, caller, attr, 20_000_000L);
        dir.queued.add(p);
        return p;
    }

    private static PendingCreate closed(PendingCreate p) {
        p.handles = 0;
        p.touch();
        return p;
    }

    private static List<String> names(List<PendingCreate> batch) {
        return batch.stream().map(p -> p.nameString).toList();
    }

    @Test
    void nothingLeavesWhileEveryFileIsHeldEvenQuietOnes() {
        closed(create(ALICE, "a"));
        closed(create(ALICE, "b"));
        long later = System.nanoTime() + PendingCreate.QUIET_NS * 2;
        assertTrue(dir.takeBatch(100, later).isEmpty(), "quiet files only ride with a due one");
        assertEquals(2, dir.queued.size());
    }

    @Test
    void aDueFileTakesTheQuietClosedFilesAlongButNotOpenOrBusyOnes() {
        PendingCreate due = closed(create(ALICE, "due"));
        closed(create(ALICE, "quiet"));
        create(ALICE, "stillOpen");
        long later = System.nanoTime() + PendingCreate.QUIET_NS * 2;
        PendingCreate busy = closed(create(ALICE, "busy"));
        busy.flushing();
        due.held = false;
        assertEquals(List.of("due", "quiet"), names(dir.takeBatch(100, later)));
        assertEquals(List.of("stillOpen", "busy"), names(dir.queued));
    }

    @Test
    void aFileClosedJustNowWaitsForItsApplicationsNextStep() {
        PendingCreate due = closed(create(ALICE, "due"));
        closed(create(ALICE, "justClosed"));
        due.held = false;
        assertEquals(List.of("due"), names(dir.takeBatch(100, System.nanoTime())));
    }

    @Test
    void aBatchCarriesOneCallersFilesAndAtMostMax() {
        closed(create(BOB, "bob"));
        PendingCreate first = closed(create(ALICE, "a1"));
        closed(create(ALICE, "a2"));
        closed(create(ALICE, "a3"));
        first.held = false;
        long later = System.nanoTime() + PendingCreate.QUIET_NS * 2;
        assertEquals(List.of("a1", "a2"), names(dir.takeBatch(2, later)), "the due file's caller, in order");
        assertEquals(List.of("bob", "a3"), names(dir.queued));
    }

    @Test
    void holdsEndOnTheSharedGridSoThatDirectoriesBatchesLeaveTogether() {
        // Created 3 ms apart in two directories, each held 20 ms: both released at 30.
        assertEquals(30, CreateHolds.onGrid(20, 10) + 10);
        assertEquals(30, CreateHolds.onGrid(20, 7) + 7);
        assertEquals(20, CreateHolds.onGrid(20, 10), "already on the grid: no longer than the hold");
        for (long now = 0; now < 40; now++) {
            long delay = CreateHolds.onGrid(20, now);
            assertTrue(delay >= 20 && delay < 20 + CreateHolds.GRID_MS, "at " + now + ": " + delay);
            assertEquals(0, (now + delay) % CreateHolds.GRID_MS);
        }
    }
}
