package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CreateBatchReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.InodeNumbers;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The apply of create delegations and of batches of creates under them (docs/metadata.md, "Asynchronous creates"). */
class AsyncCreateOpsTest {
    private static final long SESSION = 42;
    private final MetaTester t = new MetaTester();
    private long seq;

    private MetaHeader h(int uid, int gid, int... groups) {
        seq++;
        return new MetaHeader(uid, gid, groups).withSequence(SESSION, seq, seq - 1);
    }

    private CreateBatchReply batch(MetaHeader h, long dir, long[] inos, String... names) {
        int[] modes = new int[names.length];
        int[] lengths = new int[names.length];
        byte[] opens = new byte[names.length];
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            modes[i] = Posix.S_IFREG | 0644;
            lengths[i] = names[i].length();
            all.append(names[i]);
        }
        return t.run(new CreateBatchRequest(h, dir, inos, modes, all.toString().getBytes(StandardCharsets.UTF_8), lengths,
                opens));
    }

    @Test
    void aDelegationReservesNumbersOfTheDirectorysSlotThatABatchCreatesFilesWith() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        CreateDelegationReply range = t.run(new DelegateCreatesRequest(h(1000, 100), d.ino()));
        assertEquals(DelegateCreatesOp.RANGE, range.count());
        assertEquals(0, range.entries(), "an empty directory: the holder knows all its names");
        assertEquals(InodeNumbers.slotOf(d.ino()), InodeNumbers.slotOf(range.firstIno()));
        assertTrue(t.machine().leaseTracking().mark().delegated(), "a later leader must wait out this delegation");

        long first = range.firstIno();
        CreateBatchReply reply = batch(h(1000, 100), d.ino(), new long[] {first, first + 1}, "a", "b");
        assertNull(reply.error(0));
        assertNull(reply.error(1));
        InodeAttr a = t.lookup(d.ino(), "a");
        assertEquals(first, a.ino());
        assertEquals(Posix.S_IFREG | 0644, a.mode());
        assertEquals(1000, a.uid());
        assertEquals(100, a.gid());
        assertEquals(first + 1, t.lookup(d.ino(), "b").ino());
        assertEquals(t.now(), t.stat(d.ino()).mtimeNs(), "the directory's mtime moves with the batch");
        // A restarted replica has them too: they are in the state, not in leader memory.
        assertEquals(first + 1, t.restoredFromSnapshot().lookup(d.ino(), "b").ino());
        assertTrue(t.restoredFromSnapshot().machine().leaseTracking().mark().delegated(), "the mark is in the snapshot");
    }

    @Test
    void eachFileOfABatchThatCannotBeCreatedFailsAlone() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        t.create(d.ino(), "taken", 0644);
        CreateDelegationReply range = t.run(new DelegateCreatesRequest(h(0, 0), d.ino()));
        assertEquals(1, range.entries());
        long first = range.firstIno();
        long unreserved = InodeNumbers.of(InodeNumbers.slotOf(d.ino()), InodeNumbers.seqOf(first) + 5_000_000);
        CreateBatchReply reply = batch(h(0, 0), d.ino(), new long[] {first, first + 1, unreserved, first + 3},
                "taken", "ok", "ahead", "ok");
        assertEquals(WfsErrorCode.EEXIST, reply.error(0), "an existing name");
        assertNull(reply.error(1));
        assertEquals(WfsErrorCode.EINVAL, reply.error(2), "a number the slot never reserved");
        assertEquals(WfsErrorCode.EEXIST, reply.error(3), "the same name twice in one batch");
        CreateBatchReply again = batch(h(0, 0), d.ino(), new long[] {first + 1}, "other");
        assertEquals(WfsErrorCode.EINVAL, again.error(0), "a number in use");
        assertEquals(first + 1, t.lookup(d.ino(), "ok").ino());
    }

    @Test
    void aBatchAppliesTheDirectorysPermissionsAndSetGroupIdAsACreateWould() {
        InodeAttr d = t.mkdir(ROOT, "d", 0755);
        long first = t.run(new DelegateCreatesRequest(h(0, 0), d.ino())).firstIno();
        assertEquals(WfsErrorCode.EACCES, batch(h(1000, 100), d.ino(), new long[] {first}, "x").error(0),
                "a caller who may not write the directory");
        InodeAttr shared = t.mkdir(ROOT, "shared", 0777);
        t.run(new io.wfs.common.msg.meta.SetAttrRequest(t.h(), shared.ino(),
                io.wfs.common.msg.meta.SetAttr.NOTHING.withMode(Posix.S_ISGID | 0777).withGid(500)));
        long more = t.run(new DelegateCreatesRequest(h(0, 0), shared.ino())).firstIno();
        assertNull(batch(h(1000, 100), shared.ino(), new long[] {more}, "y").error(0));
        assertEquals(500, t.lookup(shared.ino(), "y").gid(), "the set-group-id directory's group");
    }

    @Test
    void aFileWrittenBeforeItsBatchLeftCarriesItsCommitInTheSameEntry() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        long first = t.run(new DelegateCreatesRequest(h(1000, 100), d.ino())).firstIno();
        long block = InodeNumbers.of(InodeNumbers.slotOf(d.ino()), 900_000);
        io.wfs.common.msg.meta.SliceInfo slice = new io.wfs.common.msg.meta.SliceInfo(0, 4096, 3, block, 0);
        // Mode 0444: the creator writes through its descriptor whatever mode it gave the file.
        long leader = t.now() + 1_000_000; // the clock reading the next command carries (MetaTester)
        CreateBatchReply reply = t.run(new CreateBatchRequest(h(1000, 100), d.ino(), new long[] {first, first + 1},
                new int[] {Posix.S_IFREG | 0444, Posix.S_IFREG | 0644}, "wе".getBytes(StandardCharsets.UTF_8),
                new int[] {1, "е".getBytes(StandardCharsets.UTF_8).length}, new byte[] {0, 0}, new int[] {1, 0},
                java.util.List.of(slice), new long[] {5000, 0}, new long[] {leader - 5_000, leader - 365L * 86_400_000_000_000L},
                new long[] {leader - 1_000, 0}));
        assertNull(reply.error(0));
        assertNull(reply.error(1));
        InodeAttr w = t.lookup(d.ino(), "w");
        assertEquals(5000, w.size(), "the size the commit carried");
        assertEquals(leader - 1_000, w.mtimeNs(), "the time the client told its application of the write");
        assertEquals(leader - 5_000, w.atimeNs(), "and of the create");
        assertEquals(leader, t.lookup(d.ino(), "е").ctimeNs(), "a client clock a year off: the leader's");
        var slices = t.run(new io.wfs.common.msg.meta.GetSlicesRequest(t.h(), w.ino())).slices();
        assertEquals(1, slices.size());
        assertEquals(block, slices.get(0).blockId());
        assertEquals(0, t.lookup(d.ino(), "е").size(), "a file without a commit stays empty");
    }

    @Test
    void everyDescriptorABatchCountsHoldsTheFileUntilItsClose() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        long first = t.run(new DelegateCreatesRequest(h(1000, 100), d.ino())).firstIno();
        // The create's descriptor and two opens the client answered before the batch left.
        t.run(new CreateBatchRequest(h(1000, 100), d.ino(), new long[] {first}, new int[] {Posix.S_IFREG | 0644},
                MetaTester.n("f"), new int[] {1}, new byte[] {3}));
        t.run(new io.wfs.common.msg.meta.UnlinkRequest(t.h(), d.ino(), MetaTester.n("f")));
        for (int close = 1; close <= 3; close++) {
            assertEquals(0, t.stat(first).nlink(), "kept while " + (4 - close) + " descriptors hold it");
            t.run(new io.wfs.common.msg.meta.CloseRequest(h(1000, 100), first));
        }
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(first));
    }

    /** One file of a batch with a folded chown, chmod and utimens ({@code uid}, {@code gid}, mode, times). */
    private CreateBatchReply changedFile(MetaHeader h, long dir, long ino, String name, int mode, int uid, int gid,
                                         long atime, long mtime, long changedAt) {
        return t.run(new CreateBatchRequest(h, dir, new long[] {ino}, new int[] {Posix.S_IFREG | mode},
                name.getBytes(StandardCharsets.UTF_8), new int[] {name.length()}, new byte[] {0})
                .withChanges(new int[] {uid}, new int[] {gid}, new long[] {atime}, new long[] {mtime},
                        new long[] {changedAt}));
    }

    @Test
    void aChownChmodAndUtimensFoldedIntoAFilesCreateAreAppliedWithIt() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        long first = t.run(new DelegateCreatesRequest(h(0, 0), d.ino())).firstIno();
        long leader = t.now() + 1_000_000;
        // As tar extracts as root: the archive's times (years ago), owner and mode.
        assertNull(changedFile(h(0, 0), d.ino(), first, "tarred", 04755, 1234, 567, 1_000, 2_000, leader - 500).error(0));
        InodeAttr a = t.lookup(d.ino(), "tarred");
        assertEquals(Posix.S_IFREG | 04755, a.mode());
        assertEquals(1234, a.uid());
        assertEquals(567, a.gid());
        assertEquals(1_000, a.atimeNs(), "an explicit time is kept however old");
        assertEquals(2_000, a.mtimeNs());
        assertEquals(leader - 500, a.ctimeNs(), "the time of the change");
        // KEEP_TIME: the create's time stays.
        assertNull(changedFile(h(0, 0), d.ino(), first + 1, "kept", 0600, 0, 0, CreateBatchRequest.KEEP_TIME,
                CreateBatchRequest.KEEP_TIME, leader - 100).error(0));
        InodeAttr kept = t.lookup(d.ino(), "kept");
        assertEquals(kept.atimeNs(), kept.mtimeNs(), "both still the create's time");
        assertTrue(kept.mtimeNs() > 2_000);
        assertEquals(leader - 100, kept.ctimeNs(), "the change's time");
        assertEquals(2_000, t.restoredFromSnapshot().lookup(d.ino(), "tarred").mtimeNs(), "every replica has it");
    }

    @Test
    void aFoldedChangeIsAllowedWhatSetattrWouldAllowTheFilesCreator() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        long first = t.run(new DelegateCreatesRequest(h(1000, 100, 100, 200), d.ino())).firstIno();
        long leader = t.now() + 1_000_000;
        assertEquals(WfsErrorCode.EPERM, changedFile(h(1000, 100, 100, 200), d.ino(), first, "given", 0644, 0, 100,
                1, 1, leader).error(0), "only root gives a file away");
        t.fails(WfsErrorCode.ENOENT, new io.wfs.common.msg.meta.LookupRequest(t.h(), d.ino(),
                "given".getBytes(StandardCharsets.UTF_8)));
        assertEquals(WfsErrorCode.EPERM, changedFile(h(1000, 100, 100, 200), d.ino(), first + 1, "foreign", 0644,
                1000, 300, 1, 1, leader).error(0), "nor to a group its creator is not in");
        assertNull(changedFile(h(1000, 100, 100, 200), d.ino(), first + 2, "regrouped", 02775, 1000, 200, 1, 1,
                leader).error(0));
        InodeAttr r = t.lookup(d.ino(), "regrouped");
        assertEquals(200, r.gid(), "a group its creator is in");
        assertEquals(Posix.S_IFREG | 02775, r.mode());
    }

    @Test
    void theUnlinksABatchCarriesComeFirstAndEachFailsAlone() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        long first = t.run(new DelegateCreatesRequest(h(0, 0), d.ino())).firstIno();
        batch(h(0, 0), d.ino(), new long[] {first, first + 1, first + 2}, "a", "b", "c");
        t.create(t.mkdir(d.ino(), "sub", 0755).ino(), "x", 0644);
        // b is unlinked and created again in one batch: removed first, then created with its new number.
        CreateBatchReply reply = t.run(new CreateBatchRequest(h(0, 0), d.ino(), new long[] {first + 3},
                new int[] {Posix.S_IFREG | 0644}, "b".getBytes(StandardCharsets.UTF_8), new int[] {1}, new byte[] {0})
                .withRemovals("abcsubzz".getBytes(StandardCharsets.UTF_8), new int[] {1, 1, 1, 3, 2},
                        new long[] {first, first + 1, first + 1, t.lookup(d.ino(), "sub").ino(), first + 9}));
        assertNull(reply.error(0), "the new b");
        assertNull(reply.error(1), "a");
        assertNull(reply.error(2), "the old b");
        assertEquals(WfsErrorCode.ESTALE, reply.error(3), "c leads to another file than the one named");
        assertEquals(WfsErrorCode.ENOTEMPTY, reply.error(4), "a directory is removed as rmdir would, only empty");
        assertEquals(WfsErrorCode.ENOENT, reply.error(5), "a name that is not there");
        t.fails(WfsErrorCode.ENOENT, new io.wfs.common.msg.meta.LookupRequest(t.h(), d.ino(),
                "a".getBytes(StandardCharsets.UTF_8)));
        assertEquals(first + 3, t.lookup(d.ino(), "b").ino());
        assertEquals(first + 2, t.lookup(d.ino(), "c").ino());
        // Unlinks alone make a batch too.
        CreateBatchReply alone = t.run(new CreateBatchRequest(h(0, 0), d.ino(), new long[0], new int[0], new byte[0],
                new int[0], new byte[0]).withRemovals("c".getBytes(StandardCharsets.UTF_8), new int[] {1},
                new long[] {first + 2}));
        assertNull(alone.error(0));
        MetaTester restored = t.restoredFromSnapshot();
        assertEquals(first + 3, restored.lookup(d.ino(), "b").ino(), "on every replica");
        restored.fails(WfsErrorCode.ENOENT, new io.wfs.common.msg.meta.LookupRequest(restored.h(), d.ino(),
                "c".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aDelegationNeedsADirectory() {
        InodeAttr f = t.create(ROOT, "f", 0644);
        t.fails(WfsErrorCode.ENOTDIR, new DelegateCreatesRequest(h(0, 0), f.ino()));
    }

    @Test
    void aDirectoryInABatchIsMadeAsMkdirWouldMakeItInASlotOfTheGroupUnderItsReservedNumber() {
        InodeAttr shared = t.mkdir(ROOT, "shared", 0777);
        t.run(new io.wfs.common.msg.meta.SetAttrRequest(t.h(), shared.ino(),
                io.wfs.common.msg.meta.SetAttr.NOTHING.withMode(Posix.S_ISGID | 0777).withGid(500)));
        CreateDelegationReply range = t.run(new DelegateCreatesRequest(h(1000, 100), shared.ino()));
        assertEquals(DelegateCreatesOp.RANGE, range.directoryCount());
        long first = range.firstDirectoryIno();
        assertEquals(DelegateCreatesOp.directorySlot(MetaTester.allSlots(), shared.ino()),
                InodeNumbers.slotOf(first), "directories go to the slot a hash of their parent picks");
        long leader = t.now() + 1_000_000; // the clock reading the next command carries (MetaTester)
        // Mode 01777 from the client: sticky stays, set-group-id comes from the parent (as Linux's mkdir).
        CreateBatchReply reply = t.run(new CreateBatchRequest(h(1000, 100), shared.ino(), new long[] {first, range.firstIno()},
                new int[] {Posix.S_IFDIR | 01777, Posix.S_IFREG | 0644}, "sf".getBytes(StandardCharsets.UTF_8),
                new int[] {1, 1}, new byte[] {0, 0}, new int[0], java.util.List.of(), new long[0],
                new long[] {leader - 7_000, leader - 5_000}, new long[0]));
        assertNull(reply.error(0));
        assertNull(reply.error(1));
        InodeAttr sub = t.lookup(shared.ino(), "s");
        assertEquals(first, sub.ino());
        assertEquals(Posix.S_IFDIR | Posix.S_ISGID | 01777, sub.mode());
        assertEquals(1000, sub.uid());
        assertEquals(500, sub.gid(), "the set-group-id parent's group");
        assertEquals(2, sub.nlink());
        assertEquals(leader - 7_000, sub.ctimeNs(), "the time the client told its application");
        assertEquals(3, t.stat(shared.ino()).nlink(), "the parent counts its new subdirectory");
        // It is a directory like any other: filled, emptied and removed in one group.
        InodeAttr inside = t.as(1000, 100).create(sub.ino(), "x", 0644);
        assertEquals(InodeNumbers.slotOf(sub.ino()), InodeNumbers.slotOf(inside.ino()));
        MetaTester restored = t.restoredFromSnapshot();
        assertEquals(first, restored.lookup(shared.ino(), "s").ino());
        assertEquals(inside.ino(), restored.lookup(sub.ino(), "x").ino());
        t.run(new io.wfs.common.msg.meta.UnlinkRequest(h(1000, 100), sub.ino(), MetaTester.n("x")));
        t.run(new io.wfs.common.msg.meta.RmdirRequest(h(1000, 100), shared.ino(), MetaTester.n("s")));
        assertEquals(2, t.stat(shared.ino()).nlink());
    }

    @Test
    void aDirectoryOfABatchThatCannotBeMadeFailsAloneAndLeavesTheParentsLinkCount() {
        InodeAttr d = t.mkdir(ROOT, "d", 0755);
        t.mkdir(d.ino(), "taken", 0755);
        long first = t.run(new DelegateCreatesRequest(h(0, 0), d.ino())).firstDirectoryIno();
        CreateBatchReply reply = t.run(new CreateBatchRequest(h(0, 0), d.ino(), new long[] {first, first + 1},
                new int[] {Posix.S_IFDIR | 0755, Posix.S_IFDIR | 0755}, "takenok".getBytes(StandardCharsets.UTF_8),
                new int[] {5, 2}, new byte[] {0, 0}));
        assertEquals(WfsErrorCode.EEXIST, reply.error(0));
        assertNull(reply.error(1));
        assertEquals(4, t.stat(d.ino()).nlink(), "two subdirectories: taken and ok");
        assertEquals(WfsErrorCode.EACCES, t.run(new CreateBatchRequest(h(1000, 100), d.ino(), new long[] {first + 2},
                new int[] {Posix.S_IFDIR | 0755}, "no".getBytes(StandardCharsets.UTF_8), new int[] {2},
                new byte[] {0})).error(0), "a caller who may not write the directory");
    }

    @Test
    void aDirectoryTheBatchRemovesIsRemovedAsRmdirWouldAndOnlyTheOneNamed() {
        InodeAttr d = t.mkdir(ROOT, "d", 0777);
        long first = t.run(new DelegateCreatesRequest(h(0, 0), d.ino())).firstDirectoryIno();
        t.run(new CreateBatchRequest(h(0, 0), d.ino(), new long[] {first, first + 1},
                new int[] {Posix.S_IFDIR | 0755, Posix.S_IFDIR | 0755}, "ab".getBytes(StandardCharsets.UTF_8),
                new int[] {1, 1}, new byte[] {0, 0}));
        assertEquals(4, t.stat(d.ino()).nlink());
        CreateBatchReply reply = t.run(new CreateBatchRequest(h(0, 0), d.ino(), new long[0], new int[0], new byte[0],
                new int[0], new byte[0]).withRemovals("ab".getBytes(StandardCharsets.UTF_8), new int[] {1, 1},
                new long[] {first, first}));
        assertNull(reply.error(0), "a: made and removed, each in one batch");
        assertEquals(WfsErrorCode.ESTALE, reply.error(1), "b is another directory than the one named");
        assertEquals(3, t.stat(d.ino()).nlink(), "the parent lost the link of a's ..");
        assertEquals(first + 1, t.restoredFromSnapshot().lookup(d.ino(), "b").ino());
    }
}
