package io.wfs.meta.cross;

import io.wfs.common.msg.meta.RenamePlan;
import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cross-group operations in progress on this group's inodes: for each locked inode, what
 * was being done (create or remove), by which entry (parent, name), and since when. Replicated
 * state: after any crash the group's leader finds them here and rolls each forward or back.
 * Only operations in flight are here, so the map stays tiny.
 */
public final class LockIntents {
    public static final byte MKDIR = 1;
    public static final byte REMOVE = 2;
    public static final byte LINK = 3;
    /** A cross-group rename: (parent, name) is its destination entry, which decides the outcome. */
    public static final byte RENAME = 4;

    /** One locked operation; {@code rename} is set for RENAME only. */
    public record Intent(long ino, byte kind, long parent, byte[] name, long lockTimeNs, RenamePlan rename) {
        public Intent(long ino, byte kind, long parent, byte[] name, long lockTimeNs) {
            this(ino, kind, parent, name, lockTimeNs, null);
        }
    }

    private final Long2ObjectOpenHashMap<Intent> byIno = new Long2ObjectOpenHashMap<>();
    private final RenameLease renameLease = new RenameLease();
    private final LockRecords receipts = new LockRecords();
    private final LockRecords fences = new LockRecords();

    /** Receipts of the steps done here under other groups' locks: links, removals, rename targets (see {@link LockRecords}). */
    public LockRecords receipts() {
        return receipts;
    }

    /**
     * Steps of other groups' locks that a sweep decided never happened here: such a step arriving
     * late (proposed in time, applied after the decision) is refused (see {@link LockRecords}).
     */
    public LockRecords fences() {
        return fences;
    }

    /** The cluster-wide rename lease; only the group owning the root's slot uses it. */
    public RenameLease renameLease() {
        return renameLease;
    }

    public void put(Intent intent) {
        byIno.put(intent.ino(), intent);
    }

    public Intent get(long ino) {
        return byIno.get(ino);
    }

    public Intent remove(long ino) {
        return byIno.remove(ino);
    }

    public int size() {
        return byIno.size();
    }

    /** Intents locked at or before {@code cutoffNs}, in ino order. */
    public List<Intent> lockedBefore(long cutoffNs) {
        List<Intent> out = new ArrayList<>();
        for (Long2ObjectMap.Entry<Intent> e : byIno.long2ObjectEntrySet()) {
            if (e.getValue().lockTimeNs() <= cutoffNs) {
                out.add(e.getValue());
            }
        }
        out.sort((a, b) -> Long.compare(a.ino(), b.ino()));
        return out;
    }

    public void write(DataOutputStream out) throws IOException {
        long[] inos = byIno.keySet().toLongArray();
        Arrays.sort(inos);
        out.writeInt(inos.length);
        for (long ino : inos) {
            Intent i = byIno.get(ino);
            out.writeLong(ino);
            out.writeByte(i.kind());
            out.writeLong(i.parent());
            out.writeShort(i.name().length);
            out.write(i.name());
            out.writeLong(i.lockTimeNs());
            if (i.kind() == RENAME) {
                RenamePlanCodec.write(i.rename(), out);
            }
        }
        renameLease.write(out);
        receipts.write(out);
        fences.write(out);
    }

    public void read(DataInputStream in) throws IOException {
        byIno.clear();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            long ino = in.readLong();
            byte kind = in.readByte();
            long parent = in.readLong();
            byte[] name = new byte[in.readUnsignedShort()];
            in.readFully(name);
            long lockTimeNs = in.readLong();
            RenamePlan plan = kind == RENAME ? RenamePlanCodec.read(in) : null;
            byIno.put(ino, new Intent(ino, kind, parent, name, lockTimeNs, plan));
        }
        renameLease.read(in);
        receipts.read(in);
        fences.read(in);
    }
}
