package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AnnounceOpensRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.posix.Posix;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each invalid field is refused with the errno a POSIX caller expects, before any server work. */
class MetaRequestValidationTest {
    private static final MetaHeader H = MetaHeader.root();

    private static WfsErrorCode refusal(Request<?> r) {
        return assertThrows(WfsException.class, r::validate).code();
    }

    @Test
    void namesAreCheckedLikeLinux() {
        new LookupRequest(H, 1, "x".repeat(255).getBytes()).validate();
        assertEquals(WfsErrorCode.ENAMETOOLONG, refusal(new LookupRequest(H, 1, "x".repeat(256).getBytes())));
        assertEquals(WfsErrorCode.EINVAL, refusal(new LookupRequest(H, 1, new byte[] {'a', 0})));
        assertEquals(WfsErrorCode.ENOENT, refusal(new LookupRequest(H, 1, new byte[0])));
        assertEquals(WfsErrorCode.EINVAL, refusal(new LookupRequest(H, 1, "a/b".getBytes())));
        assertEquals(WfsErrorCode.EINVAL, refusal(new MkdirRequest(H, 1, "..".getBytes(), 0755)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new LookupRequest(H, 1, null)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new LookupRequest(null, 1, "a".getBytes())));
    }

    /** Open epochs (docs/metadata.md, "Open epochs") are counts: never negative. */
    @Test
    void anOpenEpochIsNeverNegative() {
        MetaHeader session = H.withSequence(5, 2, 1);
        new io.wfs.common.msg.meta.CloseRequest(session, 1, 0).validate();
        new io.wfs.common.msg.meta.OpenRequest(session, 1, 0, 3).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseRequest(session, 1, -1)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.OpenRequest(session, 1, 0, -1)));
        assertEquals(WfsErrorCode.BAD_REQUEST,
                refusal(io.wfs.common.msg.meta.GetSlicesRequest.opening(session, 1, 0, -1)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new AnnounceOpensRequest(session, 0, new long[0], new int[0], true)
                .atOpenEpoch(-1)));
    }

    /** A batch of closes: as many epochs as inodes, at least one, within the bound, of a session. */
    @Test
    void aBatchOfClosesIsCheckedAsItsCloses() {
        MetaHeader session = H.withSequence(5, 2, 1);
        new io.wfs.common.msg.meta.CloseBatchRequest(session, new long[] {7, 8, 7}, new long[] {0, 3, 3}).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseBatchRequest(session,
                new long[] {7, 8}, new long[] {0})));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseBatchRequest(session,
                new long[0], new long[0])));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseBatchRequest(session,
                null, null)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseBatchRequest(session,
                new long[] {7}, new long[] {-1})));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseBatchRequest(session,
                new long[] {0}, new long[] {0})));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseBatchRequest(H,
                new long[] {7}, new long[] {0})));
        int tooMany = io.wfs.common.msg.meta.CloseBatchRequest.MAX_CLOSES + 1;
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseBatchRequest(session,
                new long[tooMany], new long[tooMany])));
    }

    @Test
    void aRemovalsLockAndCommitSkipTheSessionTheyActForAndOnlyACommitNamesOne() {
        MetaHeader internal = H.withSequence(5, 2, 1);
        io.wfs.common.msg.meta.ResolveLockRequest commit =
                new io.wfs.common.msg.meta.ResolveLockRequest(internal, 1, 10, true).onBehalfOf(77);
        commit.validate();
        assertEquals(77, commit.changingSession(), "the client that removed the name is not recalled");
        assertEquals(5, new io.wfs.common.msg.meta.ResolveLockRequest(internal, 1, 10, true).changingSession());
        assertEquals(WfsErrorCode.BAD_REQUEST,
                refusal(new io.wfs.common.msg.meta.ResolveLockRequest(internal, 1, 10, false).onBehalfOf(77)));
        assertEquals(77, new io.wfs.common.msg.meta.LockForRemoveRequest(internal, 1, 2, "a".getBytes(), true)
                .onBehalfOf(77).changingSession());
    }

    @Test
    void quotaLimitsAreCheckedAndAQuotaRequestNeedsThem() {
        new io.wfs.common.msg.meta.SetQuotaRequest(H, 1, 0, 0).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.SetQuotaRequest(H, 1, -1, 0)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.SetQuotaRequest(H, 1, 0, -5)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.SetQuotaRequest()));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.ListQuotasRequest(H, 4096)));
    }

    @Test
    void aCreateBatchNamesFilesAndClosedDirectoriesOfItsDirectorysSlotInArraysOfOneLength() {
        io.wfs.common.msg.meta.MetaHeader session = H.withSequence(5, 2, 1);
        long dir = (7L << 52) | 3;
        long file = (7L << 52) | 900;
        int reg = io.wfs.common.posix.Posix.S_IFREG | 0644;
        new io.wfs.common.msg.meta.CreateBatchRequest(session, dir, new long[] {file, file + 1}, new int[] {reg, reg},
                "abc".getBytes(), new int[] {1, 2}, new byte[] {1, 0}).validate();
        new io.wfs.common.msg.meta.DelegateCreatesRequest(session, dir).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.DelegateCreatesRequest(H.withSequence(0, 0, 0), dir)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file}, reg, "a", new int[] {1},
                new byte[] {1}, H.withSequence(0, 0, 0))), "no session");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {(8L << 52) | 900}, reg, "a",
                new int[] {1}, new byte[] {1}, null)), "a file of another slot");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {7L << 52}, reg, "a",
                new int[] {1}, new byte[] {1}, null)), "seq 0");
        int directory = io.wfs.common.posix.Posix.S_IFDIR | 0755;
        batch(session, dir, new long[] {file}, directory, "a", new int[] {1}, new byte[] {0}, null).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file}, directory, "a",
                new int[] {1}, new byte[] {1}, null)), "an open directory");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[] {file}, new int[] {directory}, "a".getBytes(), new int[] {1}, new byte[] {0}, new int[] {0},
                java.util.List.of(), new long[] {4096}, new long[0], new long[0])), "a written directory");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file},
                io.wfs.common.posix.Posix.S_IFLNK | 0777, "a", new int[] {1}, new byte[] {0}, null)), "a symlink");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file}, reg, "ab",
                new int[] {1}, new byte[] {1}, null)), "lengths that do not add up");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file}, reg, "a",
                new int[] {1, 0}, new byte[] {1}, null)), "arrays of different lengths");
        batch(session, dir, new long[] {file}, reg, "a", new int[] {1}, new byte[] {Byte.MAX_VALUE}, null).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file}, reg, "a",
                new int[] {1}, new byte[] {-1}, null)), "a negative open count");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[0], reg, "",
                new int[0], new byte[0], null)), "an empty batch");
        assertEquals(WfsErrorCode.EINVAL, refusal(batch(session, dir, new long[] {file}, reg, "/",
                new int[] {1}, new byte[] {1}, null)), "a name with a slash");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest()));
        io.wfs.common.msg.meta.SliceInfo slice = new io.wfs.common.msg.meta.SliceInfo(0, 4096, 3, 77, 0);
        new io.wfs.common.msg.meta.CreateBatchRequest(session, dir, new long[] {file, file + 1}, new int[] {reg, reg},
                "abc".getBytes(), new int[] {1, 2}, new byte[] {1, 0}, new int[] {1, 0}, java.util.List.of(slice),
                new long[] {4096, 0}, new long[] {5, 6}, new long[] {7, 0}).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[] {file}, new int[] {reg}, "a".getBytes(), new int[] {1}, new byte[] {1}, new int[0],
                java.util.List.of(), new long[0], new long[] {1, 2}, new long[0])), "times of two files for one");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[] {file}, new int[] {reg}, "a".getBytes(), new int[] {1}, new byte[] {1}, new int[] {2},
                java.util.List.of(slice), new long[] {4096}, new long[0], new long[0])), "slice counts that do not add up");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[] {file}, new int[] {reg}, "a".getBytes(), new int[] {1}, new byte[] {1}, new int[] {1},
                java.util.List.of(slice), new long[0], new long[0], new long[0])), "a size missing");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[] {file}, new int[] {reg}, "a".getBytes(), new int[] {1}, new byte[] {1}, new int[] {1},
                java.util.List.of(new io.wfs.common.msg.meta.SliceInfo(0, 0, 3, 77, 0)), new long[] {0}, new long[0],
                new long[0])), "an empty slice");
    }

    @Test
    void aCreateBatchsFoldedChangesNameEveryFileOrNone() {
        io.wfs.common.msg.meta.MetaHeader session = H.withSequence(5, 2, 1);
        long dir = (7L << 52) | 3;
        long file = (7L << 52) | 900;
        long keep = io.wfs.common.msg.meta.CreateBatchRequest.KEEP_TIME;
        batch(session, dir, new long[] {file, file + 1}, io.wfs.common.posix.Posix.S_IFREG | 0644, "abc",
                new int[] {1, 2}, new byte[] {0, 0}, null)
                .withChanges(new int[] {5, 0}, new int[] {6, 0}, new long[] {keep, 0}, new long[] {-1, 0}, new long[] {9, 0})
                .validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file, file + 1},
                io.wfs.common.posix.Posix.S_IFREG | 0644, "abc", new int[] {1, 2}, new byte[] {0, 0}, null)
                .withChanges(new int[] {5}, new int[] {6}, new long[] {1}, new long[] {1}, new long[] {9})),
                "changes of one file for two");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file},
                io.wfs.common.posix.Posix.S_IFREG | 0644, "a", new int[] {1}, new byte[] {0}, null)
                .withChanges(new int[] {5}, null, new long[] {1}, new long[] {1}, new long[] {9})), "a gid missing");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(batch(session, dir, new long[] {file},
                io.wfs.common.posix.Posix.S_IFREG | 0644, "a", new int[] {1}, new byte[] {0}, null)
                .withChanges(new int[] {5}, new int[] {6}, new long[] {1}, new long[] {1}, new long[] {-9})),
                "a change time before 1970");
    }

    @Test
    void aCreateBatchsUnlinksNameAFileEach() {
        io.wfs.common.msg.meta.MetaHeader session = H.withSequence(5, 2, 1);
        long dir = (7L << 52) | 3;
        io.wfs.common.msg.meta.CreateBatchRequest none = new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[0], new int[0], new byte[0], new int[0], new byte[0]);
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(none), "neither a file nor an unlink");
        none.withRemovals("ab".getBytes(), new int[] {1, 1}, new long[] {5, 6}).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[0], new int[0], new byte[0], new int[0], new byte[0])
                .withRemovals("ab".getBytes(), new int[] {1, 1}, new long[] {5})), "a file missing");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[0], new int[0], new byte[0], new int[0], new byte[0])
                .withRemovals("ab".getBytes(), new int[] {1}, new long[] {5})), "lengths that do not add up");
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[0], new int[0], new byte[0], new int[0], new byte[0])
                .withRemovals(null, new int[] {1}, new long[] {5})), "names missing");
        assertEquals(WfsErrorCode.EINVAL, refusal(new io.wfs.common.msg.meta.CreateBatchRequest(session, dir,
                new long[0], new int[0], new byte[0], new int[0], new byte[0])
                .withRemovals("/".getBytes(), new int[] {1}, new long[] {5})), "a name with a slash");
    }

    private static io.wfs.common.msg.meta.CreateBatchRequest batch(io.wfs.common.msg.meta.MetaHeader session, long dir,
                                                                   long[] inos, int mode, String names, int[] lengths,
                                                                   byte[] opens, io.wfs.common.msg.meta.MetaHeader other) {
        int[] modes = new int[inos.length];
        java.util.Arrays.fill(modes, mode);
        return new io.wfs.common.msg.meta.CreateBatchRequest(other != null ? other : session, dir, inos, modes,
                names.getBytes(), lengths, opens);
    }

    @Test
    void aLeasePollNeedsASessionAValidSlotAndABatchNotBelowZero() {
        io.wfs.common.msg.meta.MetaHeader session = H.withSequence(5, 2, 1);
        new io.wfs.common.msg.meta.CacheLeasePollRequest(session, 4095, 0).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CacheLeasePollRequest(H.withSequence(0, 0, 0), 3, 0)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CacheLeasePollRequest(session, 4096, 0)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CacheLeasePollRequest(session, 3, -1)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CacheLeasePollRequest()));
    }

    @Test
    void modesFlagsAndRangesAreChecked() {
        assertEquals(WfsErrorCode.EINVAL, refusal(new MknodRequest(H, 1, "d".getBytes(), Posix.S_IFDIR | 0755, 0)));
        assertEquals(WfsErrorCode.EINVAL, refusal(new MkdirRequest(H, 1, "d".getBytes(), Posix.S_IFREG | 0755)));
        assertEquals(WfsErrorCode.EINVAL, refusal(new RenameRequest(H, 1, "a".getBytes(), 1, "b".getBytes(), 3)));
        assertEquals(WfsErrorCode.EINVAL, refusal(new SetAttrRequest(H, 1, SetAttr.NOTHING)));
        assertEquals(WfsErrorCode.EINVAL, refusal(new SetAttrRequest(H, 1, SetAttr.NOTHING.withSize(-1))));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new ReaddirRequest(H, 1, 0, 0, false)));
        assertEquals(WfsErrorCode.ENAMETOOLONG, refusal(new SymlinkRequest(H, 1, "l".getBytes(), new byte[4097])));
        assertEquals(WfsErrorCode.ERANGE, refusal(new SetXattrRequest(H, 1, "u".repeat(256).getBytes(), new byte[1], 0)));
        assertEquals(WfsErrorCode.E2BIG, refusal(new SetXattrRequest(H, 1, "user.a".getBytes(), new byte[65537], 0)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new CommitSlicesRequest(H, 1, List.of(), 0)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new CommitSlicesRequest(H, 1,
                List.of(new SliceInfo(0, SliceInfo.MAX_LENGTH + 1, 1, 1, 0)), 0)));
    }

    @Test
    void sessionsSlotsAndLockFieldsAreChecked() {
        MetaHeader withSession = H.withSequence(5, 2, 1);
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.CloseRequest(H, 1)));
        new io.wfs.common.msg.meta.CloseRequest(withSession, 1).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.SessionHeartbeatRequest(H, 0)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.StatFsRequest(H, 4096)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.SetLockRequest(H, 1, 1, 2, 0, 9, 1)));
        new io.wfs.common.msg.meta.SetLockRequest(withSession, 1, 1, 3, 0, 9, 1).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.GetLockRequest(withSession, 1, 1, 3, 0, 9, 1)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.SetLockRequest(withSession, 1, 3, 2, 0, 9, 1)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new io.wfs.common.msg.meta.SetLockRequest(withSession, 1, 1, 2, 10, 9, 1)));
    }

    @Test
    void anAnnouncementOfOpensIsChecked() {
        MetaHeader withSession = H.withSequence(5, 2, 1);
        new AnnounceOpensRequest(withSession, 7, new long[] {1, 2}, new int[] {1, 3}, true).validate();
        new AnnounceOpensRequest(withSession, 7, null, null, false).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new AnnounceOpensRequest(H, 7, new long[] {1}, new int[] {1}, true)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new AnnounceOpensRequest(withSession, 4096, new long[0], new int[0], true)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new AnnounceOpensRequest(withSession, 7, new long[] {1, 2}, new int[] {1}, true)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new AnnounceOpensRequest(withSession, 7, new long[] {1}, new int[] {0}, true)));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new AnnounceOpensRequest(withSession, 7,
                new long[AnnounceOpensRequest.MAX_INODES + 1], new int[AnnounceOpensRequest.MAX_INODES + 1], true)));
    }

    @Test
    void anAnnouncementOfLocksIsChecked() {
        MetaHeader withSession = H.withSequence(5, 2, 1);
        java.util.List<io.wfs.common.lock.HeldLock> held = java.util.List.of(new io.wfs.common.lock.HeldLock(1, 9, 1, 2, 0, 99),
                new io.wfs.common.lock.HeldLock(1, 0, 2, 1, 0, Long.MAX_VALUE));
        AnnounceOpensRequest ok = new AnnounceOpensRequest(withSession, 7, new long[] {1}, new int[] {1}, true, held);
        ok.validate();
        assertEquals(held, ok.locks());
        for (io.wfs.common.lock.HeldLock bad : java.util.List.of(new io.wfs.common.lock.HeldLock(1, 9, 3, 2, 0, 9),
                new io.wfs.common.lock.HeldLock(1, 9, 1, 3, 0, 9), new io.wfs.common.lock.HeldLock(1, 9, 1, 1, 10, 9),
                new io.wfs.common.lock.HeldLock(1, 9, 1, 1, -1, 9))) {
            assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new AnnounceOpensRequest(withSession, 7, new long[0], new int[0], true,
                    java.util.List.of(bad))), bad.toString());
        }
        byte[] packed = io.wfs.common.lock.HeldLock.encode(held);
        assertEquals(WfsErrorCode.BAD_REQUEST, assertThrows(io.wfs.common.error.WfsException.class,
                () -> io.wfs.common.lock.HeldLock.decode(java.util.Arrays.copyOf(packed, packed.length - 1))).code(), "a torn lock");
    }

    @Test
    void sequencesMustBeConsistent() {
        new LookupRequest(H.withSequence(5, 10, 9), 1, "a".getBytes()).validate();
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new LookupRequest(H.withSequence(5, 10, 10), 1, "a".getBytes())));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new LookupRequest(H.withSequence(5, 0, 0), 1, "a".getBytes())));
        assertEquals(WfsErrorCode.BAD_REQUEST, refusal(new LookupRequest(new MetaHeader(0, 0, new int[300]), 1, "a".getBytes())));
    }
}
