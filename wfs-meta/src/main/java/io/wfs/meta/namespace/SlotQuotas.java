package io.wfs.meta.namespace;

import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.ArrayList;
import java.util.List;

/**
 * The directory quotas of one slot. A quota directory's whole subtree lives in the directory's own
 * slot (new subdirectories are placed there, links and renames across the quota's edge are
 * refused), so an inode's quota is found by following parent pointers inside the slot: no field in
 * the inode record, no walk across groups, and usage kept exactly by the deterministic apply.
 * Slots without quotas answer every question with one emptiness test.
 */
public final class SlotQuotas {
    /** Deeper than any real tree; stops a walk over corrupt parent pointers. */
    private static final int MAX_DEPTH = 65_536;

    private final SlotState state;
    private final Long2ObjectOpenHashMap<DirectoryQuota> bySeq = new Long2ObjectOpenHashMap<>(0);

    SlotQuotas(SlotState state) {
        this.state = state;
    }

    /** A snapshot's copy: the usage figures are copied (they change in place). */
    SlotQuotas frozenCopy(SlotState frozen) {
        SlotQuotas copy = new SlotQuotas(frozen);
        for (Long2ObjectMap.Entry<DirectoryQuota> e : bySeq.long2ObjectEntrySet()) {
            DirectoryQuota q = e.getValue();
            copy.bySeq.put(e.getLongKey(), new DirectoryQuota(q.dirIno(), q.limitBytes(), q.limitInodes(), q.usedBytes(),
                    q.usedInodes()));
        }
        return copy;
    }

    public boolean isEmpty() {
        return bySeq.isEmpty();
    }

    /**
     * The quota directory whose subtree holds ino (ino itself when it is one), or 0: none, ino is
     * not in this slot, or it has no name left (an orphan no longer counts).
     */
    public long rootOf(long ino) {
        if (bySeq.isEmpty() || InodeNumbers.slotOf(ino) != state.slot()) {
            return 0;
        }
        int pos = state.index.find(InodeNumbers.seqOf(ino));
        if (pos < 0 || InodeRecord.nlink(state.table.get(pos, InodeRecord.MODE_FLAGS_NLINK)) == 0) {
            return 0;
        }
        long current = ino;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            if ((state.table.flags(pos) & InodeFlags.QUOTA_ROOT) != 0) {
                return current;
            }
            long parent = state.table.get(pos, InodeRecord.PARENT);
            if (parent == current || InodeNumbers.slotOf(parent) != state.slot()) {
                return 0;
            }
            pos = state.index.find(InodeNumbers.seqOf(parent));
            if (pos < 0) {
                return 0;
            }
            current = parent;
        }
        return 0;
    }

    public DirectoryQuota quotaOf(long rootIno) {
        return rootIno == 0 ? null : bySeq.get(InodeNumbers.seqOf(rootIno));
    }

    /** EDQUOT when ino's quota (if any) cannot grow by (bytes, inodes); returns that quota or null. */
    public DirectoryQuota checkGrowth(long ino, long bytes, long inodes) {
        DirectoryQuota quota = quotaOf(rootOf(ino));
        if (quota != null) {
            quota.checkGrowth(bytes, inodes);
        }
        return quota;
    }

    public List<DirectoryQuota> all() {
        List<DirectoryQuota> out = new ArrayList<>(bySeq.values());
        out.sort((a, b) -> Long.compareUnsigned(InodeNumbers.seqOf(a.dirIno()), InodeNumbers.seqOf(b.dirIno())));
        return out;
    }

    /**
     * Puts a quota on a directory of this slot, or changes its limits. A new quota counts the
     * subtree once (deterministic, in the apply): every inode below must be in this slot, and no
     * quota may sit above or below it.
     */
    public DirectoryQuota set(long dirIno, long limitBytes, long limitInodes) {
        if (limitBytes < 0 || limitInodes < 0) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "negative quota limit");
        }
        int pos = state.position(dirIno);
        if (!FileType.isDirectory(state.table.mode(pos))) {
            throw new NamespaceException(NamespaceException.Code.ENOTDIR, "a quota goes on a directory");
        }
        DirectoryQuota existing = bySeq.get(InodeNumbers.seqOf(dirIno));
        if (existing != null) {
            existing.setLimits(limitBytes, limitInodes);
            return existing;
        }
        if (rootOf(dirIno) != 0) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "directory " + InodeNumbers.toString(dirIno)
                    + " is inside the quota of " + InodeNumbers.toString(rootOf(dirIno)) + "; quotas do not nest");
        }
        long[] usage = countSubtree(dirIno);
        DirectoryQuota quota = new DirectoryQuota(dirIno, limitBytes, limitInodes, usage[0], usage[1]);
        bySeq.put(InodeNumbers.seqOf(dirIno), quota);
        state.table.setFlags(pos, state.table.flags(pos) | InodeFlags.QUOTA_ROOT);
        return quota;
    }

    /** Takes the quota off a directory; ENODATA when it has none. */
    public void remove(long dirIno) {
        int pos = state.position(dirIno);
        if (bySeq.remove(InodeNumbers.seqOf(dirIno)) == null) {
            throw new NamespaceException(NamespaceException.Code.ENODATA, "no quota on " + InodeNumbers.toString(dirIno));
        }
        state.table.setFlags(pos, state.table.flags(pos) & ~InodeFlags.QUOTA_ROOT);
    }

    /** A removed quota directory takes its quota along (the record goes with it). */
    void forget(long seq) {
        bySeq.remove(seq);
    }

    /** Restores a quota from a snapshot. */
    void restore(long seq, long limitBytes, long limitInodes, long usedBytes, long usedInodes) {
        int pos = state.index.find(seq);
        if (pos < 0 || !FileType.isDirectory(state.table.mode(pos))) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "quota on seq " + seq + ", not a directory");
        }
        bySeq.put(seq, new DirectoryQuota(InodeNumbers.of(state.slot(), seq), limitBytes, limitInodes, usedBytes, usedInodes));
        state.table.setFlags(pos, state.table.flags(pos) | InodeFlags.QUOTA_ROOT);
    }

    /**
     * Counts the subtree of a directory that is about to get a quota: {bytes, inodes}, the
     * directory itself included. A file with a name outside the subtree (more links than names
     * found below) is refused, since its usage could not be kept. A file whose parent pointer does
     * not lead to the directory (a hard link's pointer may name a directory that lost that name)
     * gets the directory it was found in, so that {@link #rootOf} finds the quota from then on.
     */
    private long[] countSubtree(long dirIno) {
        long bytes = 0;
        long inodes = 1;
        Long2IntOpenHashMap namesOfLinked = new Long2IntOpenHashMap(0);
        Long2LongOpenHashMap repoint = new Long2LongOpenHashMap(0);
        LongArrayList pending = LongArrayList.of(dirIno);
        while (!pending.isEmpty()) {
            long dir = pending.popLong();
            DirectoryEntries entries = state.directories.get(InodeNumbers.seqOf(dir));
            for (int i = 0; i < entries.highWater(); i++) {
                long child = entries.childAt(i);
                if (child == 0) {
                    continue;
                }
                if (InodeNumbers.slotOf(child) != state.slot()) {
                    throw new NamespaceException(NamespaceException.Code.EXDEV, "inode " + InodeNumbers.toString(child)
                            + " below the directory lives in another slot; put the quota on an empty directory");
                }
                int pos = state.position(child);
                long word0 = state.table.get(pos, InodeRecord.MODE_FLAGS_NLINK);
                int mode = InodeRecord.mode(word0);
                if (FileType.isDirectory(mode)) {
                    if ((state.table.flags(pos) & InodeFlags.QUOTA_ROOT) != 0) {
                        throw new NamespaceException(NamespaceException.Code.EINVAL, "directory "
                                + InodeNumbers.toString(child) + " below has its own quota; quotas do not nest");
                    }
                    inodes++;
                    pending.add(child);
                    continue;
                }
                if (InodeRecord.nlink(word0) > 1 && namesOfLinked.addTo(child, 1) > 0) {
                    continue;
                }
                inodes++;
                if (FileType.isRegular(mode)) {
                    bytes += state.table.get(pos, InodeRecord.SIZE);
                }
                if (state.table.get(pos, InodeRecord.PARENT) != dir) {
                    repoint.put(child, dir);
                }
            }
        }
        for (Long2IntMap.Entry linked : namesOfLinked.long2IntEntrySet()) {
            if (linked.getIntValue() != state.nlink(linked.getLongKey())) {
                throw new NamespaceException(NamespaceException.Code.EXDEV, "file " + InodeNumbers.toString(linked.getLongKey())
                        + " below the directory has names outside it");
            }
        }
        for (Long2LongMap.Entry moved : repoint.long2LongEntrySet()) {
            state.setParent(moved.getLongKey(), moved.getLongValue());
        }
        return new long[] {bytes, inodes};
    }
}
