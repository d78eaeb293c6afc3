package io.wfs.meta.namespace;

import io.wfs.common.posix.Posix;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * All state of one slot: inode records, the entries of its directories, slice overflow, rare
 * extras and counters. A slot is the unit of migration, so nothing here refers to another
 * slot's structures (directory entries may name inodes of other slots by number only).
 *
 * <p>Every method is deterministic (no clock, no randomness, no iteration over identity
 * hashes): replicas applying the same calls end in the same state and the same
 * {@link #digest()}. No method changes times implicitly, and none checks permissions, locks or
 * link counts of other inodes: the request layer composes these calls.
 */
public final class SlotState {
    /** Longest symlink target (PATH_MAX). */
    public static final int MAX_SYMLINK_BYTES = 4096;

    private final int slot;
    final InodeTable table;
    final SeqIndex index;
    final Long2ObjectOpenHashMap<DirectoryEntries> directories;
    final SlotExtras extras;
    final FileSlices slices;
    final SlotQuotas quotas;
    private final SlotFiles files = new SlotFiles(this);
    private final InodeCreation creation = new InodeCreation(this);
    private long nextSeq = 1;
    long usedBytes;
    /** Directories made before this epoch are shared with a snapshot while {@link #sharing}. */
    private int epoch;
    private boolean sharing;
    /** Told the lease key of every change (a directory's ino, a file's parent); null: nobody listens. */
    private java.util.function.LongConsumer changes;

    public SlotState(int slot) {
        InodeNumbers.checkSlot(slot);
        this.slot = slot;
        this.table = new InodeTable();
        this.index = new SeqIndex(table);
        this.directories = new Long2ObjectOpenHashMap<>(2);
        this.extras = new SlotExtras();
        this.slices = new FileSlices(this);
        this.quotas = new SlotQuotas(this);
    }

    /** A snapshot's frozen copy of live (see {@link #frozenCopy}). */
    private SlotState(SlotState live) {
        this.slot = live.slot;
        this.table = live.table.frozenCopy();
        this.index = live.index.copyFor(table);
        this.directories = live.directories.clone();
        this.extras = live.extras.frozenCopy();
        this.slices = live.slices.frozenCopy(this);
        this.quotas = live.quotas.frozenCopy(this);
        this.nextSeq = live.nextSeq;
        this.usedBytes = live.usedBytes;
    }

    /**
     * A read-only copy of this slot as it is now, for a snapshot written on another thread while
     * applies go on (docs/meta-memory.md, "Snapshots without a stall"). It costs a copy of the
     * seq index, the maps and the page directory; record pages, directories and slice lists are
     * shared and cloned by this slot before their first change, until {@link #stopSharing}.
     * Only the frozen copy's snapshot and digest may be read; it must never be changed.
     */
    public SlotState frozenCopy() {
        SlotState copy = new SlotState(this);
        epoch++;
        sharing = true;
        return copy;
    }

    /** The snapshot of the last {@link #frozenCopy} is written: changes stop copying. */
    public void stopSharing() {
        sharing = false;
        table.stopSharing();
        slices.stopSharing();
    }

    /** Reports the lease key of every later change to {@code sink} (docs/metadata.md, "Client caches with leases"). */
    public void reportChangesTo(java.util.function.LongConsumer sink) {
        this.changes = sink;
    }

    void changed(int pos, long ino) {
        if (changes == null) {
            return;
        }
        if (FileType.isDirectory(table.mode(pos))) {
            changes.accept(ino);
        } else if (InodeRecord.nlink(table.get(pos, InodeRecord.MODE_FLAGS_NLINK)) > 0) {
            changes.accept(table.get(pos, InodeRecord.PARENT));
        }
        // A file without a name (open-unlinked, or being purged) is leased to no one (LeaseKeys):
        // its changes must not take back its old directory's leases, nor a create delegation there.
    }

    private int changing(long ino) {
        int pos = position(ino);
        changed(pos, ino);
        return pos;
    }

    public int slot() {
        return slot;
    }

    /** The seq the next allocation returns. */
    public long nextSeq() {
        return nextSeq;
    }

    /** Sum of the sizes of the slot's regular files. */
    public long usedBytes() {
        return usedBytes;
    }

    public long usedInodes() {
        return table.liveCount();
    }

    /** Reserves count consecutive ids (for block ids) and returns the first, encoded like an ino. */
    public long allocateIds(int count) {
        if (count <= 0 || nextSeq + count - 1 > InodeNumbers.MAX_SEQ) {
            throw new NamespaceException(NamespaceException.Code.ENOSPC, "slot " + slot + " ids exhausted");
        }
        long first = InodeNumbers.of(slot, nextSeq);
        nextSeq += count;
        return first;
    }

    /** Creates an inode (not a symlink) with nlink 1 (2 for a directory) and all times = timeNs. */
    public long createInode(int mode, int uid, int gid, long parent, long timeNs) {
        return creation.createInode(mode, uid, gid, parent, timeNs, 0);
    }

    /** As {@link #createInode(int, int, int, long, long)}; rdev is kept for devices only. */
    public long createInode(int mode, int uid, int gid, long parent, long timeNs, long rdev) {
        return creation.createInode(mode, uid, gid, parent, timeNs, rdev);
    }

    /** A regular file or directory under a number reserved earlier ({@link InodeCreation#createReserved}). */
    public long createReserved(long ino, int mode, int uid, int gid, long parent, long timeNs) {
        return creation.createReserved(ino, mode, uid, gid, parent, timeNs);
    }

    /** Creates a symlink (mode 0777, size = target length). */
    public long createSymlink(int uid, int gid, long parent, long timeNs, byte[] target) {
        return creation.createSymlink(uid, gid, parent, timeNs, target);
    }

    public boolean contains(long ino) {
        return InodeNumbers.slotOf(ino) == slot && index.find(InodeNumbers.seqOf(ino)) >= 0;
    }

    /**
     * Deletes the inode and everything it owns. A directory must be empty (ENOTEMPTY); a regular
     * file's blocks are appended to freedBlocks. Entries naming it are the caller's business.
     */
    public void removeInode(long ino, LongArrayList freedBlocks) {
        int pos = changing(ino);
        long seq = InodeNumbers.seqOf(ino);
        int mode = table.mode(pos);
        DirectoryQuota quota = quotas.quotaOf(quotas.rootOf(ino));
        if (FileType.isDirectory(mode)) {
            if (directories.get(seq).count() > 0) {
                throw new NamespaceException(NamespaceException.Code.ENOTEMPTY, "directory not empty");
            }
            directories.remove(seq);
        } else if (FileType.isRegular(mode)) {
            slices.releaseAll(pos, seq, freedBlocks);
            usedBytes -= table.get(pos, InodeRecord.SIZE);
        }
        if ((table.flags(pos) & InodeFlags.QUOTA_ROOT) != 0) {
            quotas.forget(seq);
        } else if (quota != null) {
            quota.add(FileType.isRegular(mode) ? -table.get(pos, InodeRecord.SIZE) : 0, -1);
        }
        extras.removeAll(seq);
        index.remove(seq, pos);
        table.free(pos);
    }

    public void getAttributes(long ino, InodeAttributes out) {
        int pos = position(ino);
        int mode = table.mode(pos);
        long rdev = FileType.isDevice(mode) ? extras.deviceNumber(InodeNumbers.seqOf(ino)) : 0;
        out.fill(ino, table.get(pos, InodeRecord.MODE_FLAGS_NLINK), table.get(pos, InodeRecord.OWNER),
                table.get(pos, InodeRecord.SIZE), table.get(pos, InodeRecord.ATIME), table.get(pos, InodeRecord.MTIME),
                table.get(pos, InodeRecord.CTIME), table.get(pos, InodeRecord.PARENT), rdev);
    }

    public int mode(long ino) {
        return table.mode(position(ino));
    }

    public long size(long ino) {
        return table.get(position(ino), InodeRecord.SIZE);
    }

    public long parent(long ino) {
        return table.get(position(ino), InodeRecord.PARENT);
    }

    public int nlink(long ino) {
        return InodeRecord.nlink(table.get(position(ino), InodeRecord.MODE_FLAGS_NLINK));
    }

    /** Caller flags only (see {@link InodeFlags#CALLER_MASK}). */
    public int flags(long ino) {
        return table.flags(position(ino)) & InodeFlags.CALLER_MASK;
    }

    /** chmod: replaces the 12 permission bits, keeps the type. */
    public void setPermissions(long ino, int permissions) {
        int pos = changing(ino);
        long w0 = table.get(pos, InodeRecord.MODE_FLAGS_NLINK);
        int mode = FileType.typeBits(InodeRecord.mode(w0)) | (permissions & Posix.PERMISSION_BITS);
        table.set(pos, InodeRecord.MODE_FLAGS_NLINK, InodeRecord.packModeFlagsNlink(mode, InodeRecord.flags(w0), InodeRecord.nlink(w0)));
    }

    public void setOwner(long ino, int uid, int gid) {
        table.set(changing(ino), InodeRecord.OWNER, InodeRecord.packHalves(uid, gid));
    }

    public void setNlink(long ino, int nlink) {
        int pos = changing(ino);
        long w0 = table.get(pos, InodeRecord.MODE_FLAGS_NLINK);
        if (nlink == 0 && InodeRecord.nlink(w0) > 0) {
            // The last name went: the file stops counting against its quota (docs/kubernetes.md).
            DirectoryQuota quota = quotas.quotaOf(quotas.rootOf(ino));
            if (quota != null) {
                quota.add(FileType.isRegular(InodeRecord.mode(w0)) ? -table.get(pos, InodeRecord.SIZE) : 0, -1);
            }
        }
        table.set(pos, InodeRecord.MODE_FLAGS_NLINK, InodeRecord.packModeFlagsNlink(InodeRecord.mode(w0), InodeRecord.flags(w0), nlink));
    }

    /** Sets the caller flag bits (e.g. {@link InodeFlags#LOCK}); internal bits are preserved. */
    public void setFlags(long ino, int callerFlags) {
        if ((callerFlags & ~InodeFlags.CALLER_MASK) != 0) {
            throw new IllegalArgumentException("flags outside the caller mask: " + callerFlags);
        }
        int pos = position(ino);
        table.setFlags(pos, (table.flags(pos) & ~InodeFlags.CALLER_MASK) | callerFlags);
    }

    public void setParent(long ino, long parent) {
        int pos = changing(ino);
        table.set(pos, InodeRecord.PARENT, parent);
        changed(pos, ino);
    }

    public void setAtime(long ino, long timeNs) {
        table.set(changing(ino), InodeRecord.ATIME, timeNs);
    }

    public void setMtime(long ino, long timeNs) {
        table.set(changing(ino), InodeRecord.MTIME, timeNs);
    }

    public void setCtime(long ino, long timeNs) {
        table.set(changing(ino), InodeRecord.CTIME, timeNs);
    }

    /** The entries of a directory of this slot (ENOTDIR if ino is not a directory). */
    public DirectoryEntries directory(long dirIno) {
        DirectoryEntries entries = directoryToRead(dirIno);
        if (changes != null) {
            changes.accept(dirIno);
        }
        long seq = InodeNumbers.seqOf(dirIno);
        if (sharing && entries.epoch < epoch) {
            // A snapshot reads the shared one: callers may change what they get.
            entries = entries.copy(epoch);
            directories.put(seq, entries);
        }
        return entries;
    }

    /**
     * The entries of a directory, to read only (a listing, a lookup): unlike {@link #directory}
     * it never copies one a snapshot shares.
     */
    public DirectoryEntries directoryToRead(long dirIno) {
        int pos = position(dirIno);
        if (!FileType.isDirectory(table.mode(pos))) {
            throw new NamespaceException(NamespaceException.Code.ENOTDIR, "not a directory");
        }
        return directories.get(InodeNumbers.seqOf(dirIno));
    }

    /** Adds an entry; the child's type comes from childMode. Returns its position. */
    public int insertEntry(long dirIno, byte[] name, long childIno, int childMode) {
        return directory(dirIno).insert(name, childIno, FileType.typeCode(childMode));
    }

    /** The child ino named name in dirIno, or 0. */
    public long lookup(long dirIno, byte[] name) {
        return directoryToRead(dirIno).lookup(name);
    }

    public long removeEntry(long dirIno, byte[] name) {
        return directory(dirIno).remove(name);
    }

    public byte[] symlinkTarget(long ino) {
        int pos = position(ino);
        if (!FileType.isSymlink(table.mode(pos))) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "not a symlink");
        }
        return extras.symlinkTarget(InodeNumbers.seqOf(ino)).clone();
    }

    /** The contents of this slot's regular files: their slices and sizes. */
    public SlotFiles files() {
        return files;
    }

    /** The extended attributes of this slot's inodes. */
    public SlotXattrs xattrs() {
        return new SlotXattrs(this);
    }

    /** The quota directory whose subtree holds ino (ino itself if it is one), or 0 (see {@link SlotQuotas}). */
    public long quotaRootOf(long ino) {
        return quotas.rootOf(ino);
    }

    /** This slot's directory quotas: set, change, remove, read. */
    public SlotQuotas quotas() {
        return quotas;
    }

    /** 64 bits of SHA-256 over the canonical snapshot body; equal on replicas in the same state. */
    public long digest() {
        return StateDigest.of(this);
    }

    int regularFile(long ino) {
        int pos = position(ino);
        int mode = table.mode(pos);
        if (!FileType.isRegular(mode)) {
            throw new NamespaceException(FileType.isDirectory(mode) ? NamespaceException.Code.EISDIR
                    : NamespaceException.Code.EINVAL, "not a regular file");
        }
        return pos;
    }

    /** Record position of ino; ENOENT if it is not in this slot. */
    int position(long ino) {
        int pos = InodeNumbers.slotOf(ino) == slot ? index.find(InodeNumbers.seqOf(ino)) : -1;
        if (pos < 0) {
            throw new NamespaceException(NamespaceException.Code.ENOENT, "no inode " + InodeNumbers.toString(ino));
        }
        return pos;
    }

    /** The copy-on-write epoch a directory made now belongs to (see {@link #directory}). */
    int epoch() {
        return epoch;
    }

    void restoreCounters(long nextSeq, long usedBytes) {
        this.nextSeq = nextSeq;
        this.usedBytes = usedBytes;
    }
}
