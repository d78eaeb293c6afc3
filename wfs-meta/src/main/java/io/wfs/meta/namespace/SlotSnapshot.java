package io.wfs.meta.namespace;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;

/**
 * Binary form of one slot: {@code magic, version, body, CRC32C}. The body is canonical (inodes
 * in seq order, directory entries in position order, no record positions or arena offsets),
 * so two replicas in the same state write the same bytes and {@link StateDigest} can hash it.
 * Each directory's free-position order is included because it decides where future entries
 * go, hence future readdir cookies.
 *
 * <p>Compact: numbers are varints, and fields that repeat from one inode to the next (seq,
 * parent, block id) or within one (atime and ctime next to mtime) are written as deltas, so a
 * small file with its entry takes about 55 bytes instead of the 146 it takes in memory.
 * Per inode: seq delta, mode (2 bytes), caller flags (1), nlink, uid, gid, size, mtime (8),
 * atime and ctime deltas, parent delta; then by type: slices, directory entries, symlink target
 * or device number; then an xattr marker.
 */
public final class SlotSnapshot {
    static final int SLOT_MAGIC = 0x57465353; // "WFSS"
    /** Version 2 added the directory quotas after the inodes; version 1 snapshots still load. */
    static final int VERSION = 2;
    private static final int OLDEST_READABLE = 1;
    private static final long UNSIGNED_INT = 0xFFFFFFFFL;

    private SlotSnapshot() {
    }

    /** Writes one slot with header and CRC32C trailer; target is flushed, not closed. */
    public static void save(SlotState state, OutputStream target) throws IOException {
        SnapshotOutput out = new SnapshotOutput(target, null);
        out.writeInt(SLOT_MAGIC);
        out.writeInt(VERSION);
        writeBody(state, out);
        out.writeTrailer();
    }

    /** Reads a slot written by {@link #save}; fails on a bad magic, version or checksum. */
    public static SlotState load(InputStream source) throws IOException {
        SnapshotInput in = new SnapshotInput(source);
        int version = checkHeader(in, SLOT_MAGIC);
        SlotState state = readBodyChecked(in, version);
        checkTrailer(in);
        return state;
    }

    /** Checks the magic and returns the version, failing on one this build cannot read. */
    static int checkHeader(SnapshotInput in, int magic) throws IOException {
        int actual = in.readInt();
        if (actual != magic) {
            throw new IOException("not a WFS snapshot of this kind: magic " + Integer.toHexString(actual));
        }
        int version = in.readInt();
        if (version < OLDEST_READABLE || version > VERSION) {
            throw new IOException("unsupported snapshot version " + version);
        }
        return version;
    }

    static void checkTrailer(SnapshotInput in) throws IOException {
        int computed = in.checksumSoFar();
        int stored = in.readInt();
        if (computed != stored) {
            throw new IOException("snapshot checksum mismatch: stored " + Integer.toHexString(stored)
                    + ", computed " + Integer.toHexString(computed));
        }
    }

    static void writeBody(SlotState state, SnapshotOutput out) throws IOException {
        InodeTable table = state.table;
        out.writeVarLong(state.slot());
        out.writeVarLong(state.nextSeq());
        out.writeSignedVarLong(state.usedBytes());
        long[] seqs = liveSeqsInOrder(state);
        out.writeVarLong(seqs.length);
        SliceList slices = new SliceList();
        long previousSeq = 0;
        long previousParent = 0;
        long previousBlock = 0;
        for (long seq : seqs) {
            int pos = state.index.find(seq);
            long word0 = table.get(pos, InodeRecord.MODE_FLAGS_NLINK);
            int mode = InodeRecord.mode(word0);
            long owner = table.get(pos, InodeRecord.OWNER);
            long mtime = table.get(pos, InodeRecord.MTIME);
            long parent = table.get(pos, InodeRecord.PARENT);
            out.writeVarLong(seq - previousSeq);
            out.writeShort(mode);
            out.writeByte(InodeRecord.flags(word0) & InodeFlags.CALLER_MASK);
            out.writeVarLong(InodeRecord.nlink(word0) & UNSIGNED_INT);
            out.writeVarLong(InodeRecord.high(owner) & UNSIGNED_INT);
            out.writeVarLong(InodeRecord.low(owner) & UNSIGNED_INT);
            out.writeVarLong(table.get(pos, InodeRecord.SIZE));
            out.writeLong(mtime);
            out.writeSignedVarLong(table.get(pos, InodeRecord.ATIME) - mtime);
            out.writeSignedVarLong(table.get(pos, InodeRecord.CTIME) - mtime);
            out.writeSignedVarLong(parent - previousParent);
            previousSeq = seq;
            previousParent = parent;
            if (FileType.isRegular(mode)) {
                state.slices.list(pos, seq, slices);
                out.writeVarLong(slices.count());
                for (int i = 0; i < slices.count(); i++) {
                    out.writeVarLong(slices.fileOffset(i));
                    out.writeSignedVarLong(slices.blockId(i) - previousBlock);
                    out.writeVarLong(slices.length(i));
                    out.writeVarLong(slices.volume(i) & UNSIGNED_INT);
                    out.writeVarLong(slices.blockOffset(i));
                    previousBlock = slices.blockId(i);
                }
            } else if (FileType.isDirectory(mode)) {
                state.directories.get(seq).writeTo(out);
            } else if (FileType.isSymlink(mode)) {
                byte[] target = state.extras.symlinkTarget(seq);
                out.writeVarLong(target.length);
                out.write(target);
            } else if (FileType.isDevice(mode)) {
                out.writeLong(state.extras.deviceNumber(seq));
            }
            Xattrs xattrs = (table.flags(pos) & InodeFlags.HAS_XATTRS) != 0 ? state.extras.xattrs(seq) : null;
            out.writeBoolean(xattrs != null);
            if (xattrs != null) {
                xattrs.writeTo(out);
            }
        }
        writeQuotas(state, out);
    }

    private static void writeQuotas(SlotState state, SnapshotOutput out) throws IOException {
        List<DirectoryQuota> quotas = state.quotas().all();
        out.writeVarLong(quotas.size());
        long previousSeq = 0;
        for (DirectoryQuota quota : quotas) {
            long seq = InodeNumbers.seqOf(quota.dirIno());
            out.writeVarLong(seq - previousSeq);
            out.writeVarLong(quota.limitBytes());
            out.writeVarLong(quota.limitInodes());
            out.writeSignedVarLong(quota.usedBytes());
            out.writeSignedVarLong(quota.usedInodes());
            previousSeq = seq;
        }
    }

    private static void readQuotas(SnapshotInput in, SlotState state) throws IOException {
        int count = in.readVarInt(Integer.MAX_VALUE);
        long seq = 0;
        for (int i = 0; i < count; i++) {
            seq += in.readVarLong();
            state.quotas().restore(seq, in.readVarLong(), in.readVarLong(), in.readSignedVarLong(), in.readSignedVarLong());
        }
    }

    /**
     * The checksum is known only at the end, so a corrupt body may trip a validation of the
     * store itself before that; report it as the corrupt input it is.
     */
    static SlotState readBodyChecked(SnapshotInput in, int version) throws IOException {
        try {
            return readBody(in, version);
        } catch (RuntimeException e) {
            throw new IOException("corrupt snapshot: " + e.getMessage(), e);
        }
    }

    private static SlotState readBody(SnapshotInput in, int version) throws IOException {
        SlotState state = new SlotState(in.readVarInt(InodeNumbers.SLOT_COUNT - 1));
        InodeTable table = state.table;
        long nextSeq = in.readVarLong();
        long usedBytes = in.readSignedVarLong();
        if (nextSeq < 1 || nextSeq > InodeNumbers.MAX_SEQ + 1) {
            throw new IOException("corrupt next seq " + nextSeq);
        }
        int count = in.readVarInt(Integer.MAX_VALUE);
        // Capped: the count is not trusted before the checksum at the end.
        state.index.reserve(Math.min(count, 1 << 22));
        SliceList single = new SliceList(1);
        long seq = 0;
        long parent = 0;
        long block = 0;
        for (int i = 0; i < count; i++) {
            long delta = in.readVarLong();
            seq += delta;
            if (delta <= 0 || seq >= nextSeq) {
                throw new IOException("corrupt seq " + seq + " in slot " + state.slot());
            }
            int mode = in.readUnsignedShort();
            int flags = in.readUnsignedByte();
            int nlink = (int) readUnsignedInt(in);
            int uid = (int) readUnsignedInt(in);
            int gid = (int) readUnsignedInt(in);
            long size = in.readVarLong();
            long mtime = in.readLong();
            long atime = mtime + in.readSignedVarLong();
            long ctime = mtime + in.readSignedVarLong();
            parent += in.readSignedVarLong();
            try {
                FileType.checkValid(mode);
            } catch (IllegalArgumentException e) {
                throw new IOException("corrupt mode of seq " + seq, e);
            }
            int pos = table.allocate();
            table.set(pos, InodeRecord.MODE_FLAGS_NLINK, InodeRecord.packModeFlagsNlink(mode, flags, nlink));
            table.set(pos, InodeRecord.OWNER, InodeRecord.packHalves(uid, gid));
            table.set(pos, InodeRecord.SIZE, size);
            table.set(pos, InodeRecord.ATIME, atime);
            table.set(pos, InodeRecord.MTIME, mtime);
            table.set(pos, InodeRecord.CTIME, ctime);
            table.set(pos, InodeRecord.PARENT, parent);
            state.index.add(seq, pos);
            if (FileType.isRegular(mode)) {
                int slices = in.readVarInt(Integer.MAX_VALUE / SliceList.WORDS);
                SliceList list = slices <= 1 ? single : new SliceList(Math.min(slices, 1024));
                list.clear();
                for (int s = 0; s < slices; s++) {
                    long fileOffset = in.readVarLong();
                    block += in.readSignedVarLong();
                    int length = in.readVarInt(Integer.MAX_VALUE);
                    int volume = (int) readUnsignedInt(in);
                    list.append(fileOffset, length, volume, block, in.readVarInt(Integer.MAX_VALUE));
                }
                state.slices.store(pos, seq, list);
                if (list == single && slices == 1 && single.fileOffset(0) != 0) {
                    // store() kept the list itself (a lone slice not at offset 0 goes to the
                    // overflow map): the next file must not overwrite it.
                    single = new SliceList(1);
                }
            } else if (FileType.isDirectory(mode)) {
                state.directories.put(seq, DirectoryEntries.readFrom(in));
            } else if (FileType.isSymlink(mode)) {
                byte[] target = new byte[in.readVarInt(SlotState.MAX_SYMLINK_BYTES)];
                in.readFully(target);
                state.extras.setSymlinkTarget(seq, target);
            } else if (FileType.isDevice(mode)) {
                state.extras.setDeviceNumber(seq, in.readLong());
            }
            if (in.readBoolean()) {
                state.extras.setXattrs(seq, Xattrs.readFrom(in));
                table.setFlags(pos, table.flags(pos) | InodeFlags.HAS_XATTRS);
            }
        }
        if (version >= 2) {
            readQuotas(in, state);
        }
        state.restoreCounters(nextSeq, usedBytes);
        return state;
    }

    private static long readUnsignedInt(SnapshotInput in) throws IOException {
        long value = in.readVarLong();
        if ((value & ~UNSIGNED_INT) != 0) {
            throw new IOException("value " + value + " does not fit 32 bits");
        }
        return value;
    }

    private static long[] liveSeqsInOrder(SlotState state) {
        InodeTable table = state.table;
        long[] seqs = new long[table.liveCount()];
        int n = 0;
        for (int pos = 0; pos < table.highWater(); pos++) {
            if (table.isLive(pos)) {
                seqs[n++] = state.index.seqAt(pos);
            }
        }
        Arrays.sort(seqs);
        return seqs;
    }
}
