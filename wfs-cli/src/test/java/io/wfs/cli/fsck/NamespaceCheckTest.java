package io.wfs.cli.fsck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.meta.ScanInodesReply;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.FileType;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The checker on synthetic scans: a clean tree, then each kind of damage alone, in any feed order. */
class NamespaceCheckTest {
    private static final int DIR = Posix.S_IFDIR | 0755;
    private static final int FILE = Posix.S_IFREG | 0644;
    private static final long HORIZON = 15_000_000_000L;
    private static final long NOW = 100_000_000_000L;
    private static final long ROOT = 1;
    private static final long A = (7L << 52) | 1;
    private static final long B = (9L << 52) | 1;
    private static final long F = (7L << 52) | 2;

    final NamespaceCheck check = newCheck();

    /** The checker under test: its link counts in memory here, in temporary files in {@link NamespaceCheckSpilledTest}. */
    NamespaceCheck newCheck() {
        return new NamespaceCheck(HORIZON);
    }

    @AfterEach
    void closeCheck() {
        check.close();
    }

    private static int code(int mode) {
        return FileType.typeCode(mode);
    }

    /** / with dir a (in slot 7) holding dir b (slot 9) and file f named twice (in / and in b). */
    private void cleanTree(boolean entriesFirst) {
        if (entriesFirst) {
            entries();
        }
        check.inode(ROOT, DIR, 3, ROOT, 0, 0, NOW);
        check.inode(A, DIR, 3, ROOT, 0, 0, NOW);
        check.inode(B, DIR, 2, A, 0, 0, NOW);
        check.inode(F, FILE, 2, A, 0, 0, NOW);
        if (!entriesFirst) {
            entries();
        }
    }

    private void entries() {
        check.entry(ROOT, A, code(DIR));
        check.entry(ROOT, F, code(FILE));
        check.entry(A, B, code(DIR));
        check.entry(B, F, code(FILE));
    }


    @Test
    void aCleanTreeIsCleanInEitherFeedOrder() {
        cleanTree(false);
        FsckReport r = check.finish();
        assertTrue(r.clean(), r.toText());
        assertEquals(4, r.inodes());
        NamespaceCheck other = new NamespaceCheck(HORIZON);
        assertTrue(new NamespaceCheckTest().finishOf(true).clean());
        assertTrue(other.finish().clean());
        assertTrue(r.toText().contains("clean"));
        assertEquals(true, r.toMap().get("clean"));
    }

    private FsckReport finishOf(boolean entriesFirst) {
        cleanTree(entriesFirst);
        return check.finish();
    }

    @Test
    void anEntryToAMissingInodeIsDangling() {
        cleanTree(false);
        check.entry(B, (9L << 52) | 77, code(FILE));
        FsckReport r = check.finish();
        assertEquals(Set.of(Problem.DANGLING_ENTRY), r.found());
        assertTrue(r.examples(Problem.DANGLING_ENTRY).get(0).contains("9:77"), r.toText());
    }

    @Test
    void aWrongLinkCountOfAFileAndOfADirectory() {
        check.inode(ROOT, DIR, 4, ROOT, 0, 0, NOW); // one subdirectory too many
        check.inode(A, DIR, 3, ROOT, 0, 0, NOW);
        check.inode(B, DIR, 2, A, 0, 0, NOW);
        check.inode(F, FILE, 3, A, 0, 0, NOW); // two entries
        entries();
        FsckReport r = check.finish();
        assertEquals(Set.of(Problem.WRONG_NLINK), r.found());
        assertEquals(2, r.count(Problem.WRONG_NLINK));
        assertFalse(r.clean());
    }

    @Test
    void aFileNoEntryNamesIsUnreachable() {
        cleanTree(false);
        check.inode((7L << 52) | 3, FILE, 1, A, 0, 0, NOW);
        assertEquals(Set.of(Problem.UNREACHABLE), check.finish().found());
    }

    @Test
    void aDirectoryNamedTwiceOrWithAWrongParent() {
        cleanTree(false);
        check.entry(B, A, code(DIR)); // a second name for a, inside its own subtree
        check.inode(B, DIR, 2, ROOT, 0, 0, NOW); // record again: b's parent pointer now wrong
        FsckReport r = check.finish();
        assertTrue(r.found().containsAll(Set.of(Problem.DIRECTORY_LINKS, Problem.WRONG_PARENT)), r.toText());
    }

    @Test
    void aCycleOfDirectoriesIsDetachedFromTheRoot() {
        long c = (11L << 52) | 1;
        long d = (11L << 52) | 2;
        cleanTree(false);
        check.inode(c, DIR, 3, d, 0, 0, NOW);
        check.inode(d, DIR, 3, c, 0, 0, NOW);
        check.entry(c, d, code(DIR));
        check.entry(d, c, code(DIR));
        FsckReport r = check.finish();
        assertEquals(Set.of(Problem.DETACHED), r.found());
        assertEquals(2, r.count(Problem.DETACHED));
    }

    @Test
    void locksAndIntentsOlderThanTheHorizon() {
        cleanTree(false);
        check.inode((7L << 52) | 5, DIR, 2, A, ScanInodesReply.LOCKED, NOW - HORIZON - 1, NOW);
        check.entry(A, (7L << 52) | 5, code(DIR));
        check.inode((7L << 52) | 6, FILE, 1, A, ScanInodesReply.LOCKED, 0, NOW);
        check.entry(A, (7L << 52) | 6, code(FILE));
        check.inode((7L << 52) | 7, FILE, 1, A, ScanInodesReply.LOCKED, NOW - 1_000_000_000L, NOW); // young: fine
        check.entry(A, (7L << 52) | 7, code(FILE));
        FsckReport r = check.finish();
        assertEquals(Set.of(Problem.EXPIRED_LOCK, Problem.LOCK_WITHOUT_INTENT, Problem.WRONG_NLINK), r.found());
        assertEquals(1, r.count(Problem.EXPIRED_LOCK));
        assertEquals(1, r.count(Problem.LOCK_WITHOUT_INTENT));
    }

    @Test
    void orphansMustBeListedAndHeldOpen() {
        cleanTree(false);
        check.inode((7L << 52) | 8, FILE, 0, A, ScanInodesReply.ORPHAN | ScanInodesReply.HELD_OPEN, 0, NOW); // fine
        // Fine too: a new leader waits for the sessions to re-announce their opens before it releases any.
        check.inode((7L << 52) | 11, FILE, 0, A, ScanInodesReply.ORPHAN | ScanInodesReply.RELEASE_WAITS, 0, NOW);
        check.inode((7L << 52) | 9, FILE, 0, A, ScanInodesReply.ORPHAN, 0, NOW);
        check.inode((7L << 52) | 10, FILE, 0, A, 0, 0, NOW);
        FsckReport r = check.finish();
        assertEquals(Set.of(Problem.UNHELD_ORPHAN, Problem.UNTRACKED_ORPHAN), r.found());
    }

    @Test
    void examplesAreBoundedButCountsAreNot() {
        cleanTree(false);
        for (int i = 0; i < 100; i++) {
            check.entry(A, (13L << 52) | (i + 1), code(FILE));
        }
        FsckReport r = check.finish();
        assertEquals(100, r.count(Problem.DANGLING_ENTRY));
        assertEquals(FsckReport.EXAMPLES, r.examples(Problem.DANGLING_ENTRY).size());
        assertTrue(r.toText().contains("and 80 more"), r.toText());
    }
}
