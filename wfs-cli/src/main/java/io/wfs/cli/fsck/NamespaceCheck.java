package io.wfs.cli.fsck;

import io.wfs.common.msg.meta.ScanInodesReply;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeNumbers;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.nio.file.Path;

/**
 * The namespace checks of {@code wfs fsck}, fed inodes and entries in any order and from any
 * group (an entry may name an inode of another group, seen before or after it), judged at
 * {@link #finish}.
 *
 * <p>Memory: the link counts per inode stay in memory up to 262,144 inodes and go to
 * temporary files beyond ({@link LinkCounts}: flat however many files there are), plus three
 * maps over directories only (about 60 bytes a directory: 60 MB for 1 M directories). Nothing
 * per name, no object per inode. Close it to remove the temporary files.
 */
public final class NamespaceCheck implements AutoCloseable {
    private static final long ROOT = InodeNumbers.ROOT;
    /** 8 MB of inode numbers at most. */
    static final int MAX_REPAIRABLE = 1 << 20;

    private final long lockHorizonNs;
    private final FsckReport report = new FsckReport();
    private final LinkCounts links;
    /** Per directory: its recorded parent pointer. */
    private final Long2LongOpenHashMap recordedParent = new Long2LongOpenHashMap();
    /** Per directory: the directory whose entry names it (the first one seen). */
    private final Long2LongOpenHashMap namedIn = new Long2LongOpenHashMap();
    /** Per directory: how many of its entries are directories (its nlink must be 2 + that). */
    private final Long2IntOpenHashMap subdirectories = new Long2IntOpenHashMap();
    /** Inodes whose finding {@code --repair} can repair (the first {@link #MAX_REPAIRABLE}; a later run takes the rest). */
    private final LongArrayList repairable = new LongArrayList();
    private long inodes;
    private long entries;

    /** @param lockHorizonNs a lock or intent older than this (on its leader's clock) is reported */
    public NamespaceCheck(long lockHorizonNs) {
        this(lockHorizonNs, LinkCounts.DEFAULT_SPILL_AT, Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** With the link counts spilled to files under {@code tempParent} beyond {@code spillAt} inodes. */
    NamespaceCheck(long lockHorizonNs, int spillAt, Path tempParent) {
        this.lockHorizonNs = lockHorizonNs;
        this.links = new LinkCounts(spillAt, tempParent);
    }

    /** One inode record as the scan lists it ({@link ScanInodesReply} states and intent time). */
    public void inode(long ino, int mode, int nlink, long parent, int states, long intentTimeNs, long leaderTimeNs) {
        inodes++;
        links.recorded(ino, nlink);
        if (FileType.isDirectory(mode)) {
            recordedParent.put(ino, parent);
        }
        boolean locked = (states & ScanInodesReply.LOCKED) != 0;
        // Every finding of this method is one --repair can repair (RepairInodeOp); the name is made only then.
        boolean found = false;
        if (intentTimeNs != 0 && leaderTimeNs - intentTimeNs > lockHorizonNs) {
            report.add(Problem.EXPIRED_LOCK, "inode " + InodeNumbers.toString(ino) + (locked ? " locked " : " has an intent of ")
                    + (leaderTimeNs - intentTimeNs) / 1_000_000 + " ms ago");
            found = true;
        } else if (locked && intentTimeNs == 0) {
            report.add(Problem.LOCK_WITHOUT_INTENT, "inode " + InodeNumbers.toString(ino));
            found = true;
        }
        if (nlink == 0 && !FileType.isDirectory(mode)) {
            if ((states & ScanInodesReply.ORPHAN) == 0) {
                report.add(Problem.UNTRACKED_ORPHAN, "inode " + InodeNumbers.toString(ino) + " has no links and is not an orphan");
                found = true;
            } else if ((states & (ScanInodesReply.HELD_OPEN | ScanInodesReply.RELEASE_WAITS)) == 0) {
                // An orphan the leader may not release yet (it waits for re-announced opens after a
                // leader change) is not damage: it is released once the sessions have spoken.
                report.add(Problem.UNHELD_ORPHAN, "orphan " + InodeNumbers.toString(ino) + " is open in no session");
                found = true;
            }
        }
        if (found && repairable.size() < MAX_REPAIRABLE) {
            repairable.add(ino);
        }
    }

    /** The inodes with a finding {@code --repair} repairs: expired or unexplained locks, files without links. */
    public LongArrayList repairable() {
        return repairable;
    }

    /** One directory entry: {@code dir} names {@code child}, of type {@code typeCode}. */
    public void entry(long dir, long child, int typeCode) {
        entries++;
        links.named(child);
        if (FileType.isDirectory(FileType.typeBitsOfCode(typeCode))) {
            subdirectories.addTo(dir, 1);
            namedIn.putIfAbsent(child, dir);
        }
    }

    /** Judges everything seen; call once, after the last page of every group. */
    public FsckReport finish() {
        links.forEach(this::judge);
        checkReachable();
        report.scanned(inodes, recordedParent.size(), entries);
        return report;
    }

    private void judge(long ino, int nlink, int named) {
        String name = InodeNumbers.toString(ino);
        if (nlink < 0) {
            report.add(Problem.DANGLING_ENTRY, named + " entr" + (named == 1 ? "y names" : "ies name")
                    + " missing inode " + name);
        } else if (recordedParent.containsKey(ino)) {
            int expectedNamed = ino == ROOT ? 0 : 1;
            if (named != expectedNamed) {
                report.add(Problem.DIRECTORY_LINKS, "directory " + name + " is named by " + named + " entries");
            }
            int expectedNlink = 2 + subdirectories.get(ino);
            if (nlink != expectedNlink) {
                report.add(Problem.WRONG_NLINK, "directory " + name + " has nlink " + nlink + ", expected "
                        + expectedNlink);
            }
            if (ino != ROOT && named > 0 && namedIn.get(ino) != recordedParent.get(ino)) {
                report.add(Problem.WRONG_PARENT, "directory " + name + " is named in " + InodeNumbers.toString(namedIn.get(ino))
                        + " but its parent pointer is " + InodeNumbers.toString(recordedParent.get(ino)));
            }
        } else if (named == 0 && nlink > 0) {
            report.add(Problem.UNREACHABLE, "inode " + name + " has nlink " + nlink + " and no entry");
        } else if (named != nlink) {
            report.add(Problem.WRONG_NLINK, "inode " + name + " has nlink " + nlink + " but " + named + " entries");
        }
    }

    /** Whether the link counts went to temporary files (more inodes than the table in memory holds). */
    boolean spilled() {
        return links.spilled();
    }

    @Override
    public void close() {
        links.close();
    }

    /** Every directory must lead to the root by the entries naming it; walks each chain once. */
    private void checkReachable() {
        LongOpenHashSet reachable = new LongOpenHashSet();
        reachable.add(ROOT);
        LongOpenHashSet detached = new LongOpenHashSet();
        LongArrayList path = new LongArrayList();
        for (long dir : recordedParent.keySet().toLongArray()) {
            path.clear();
            long at = dir;
            while (!reachable.contains(at) && !detached.contains(at) && namedIn.containsKey(at)
                    && path.size() <= recordedParent.size()) {
                path.add(at);
                at = namedIn.get(at);
            }
            boolean ok = reachable.contains(at);
            for (int i = 0; i < path.size(); i++) {
                (ok ? reachable : detached).add(path.getLong(i));
            }
            if (!ok) {
                detached.add(dir);
                // A directory no entry names at all is already reported (DIRECTORY_LINKS).
                if (namedIn.containsKey(dir)) {
                    report.add(Problem.DETACHED, "directory " + InodeNumbers.toString(dir));
                }
            }
        }
    }
}
