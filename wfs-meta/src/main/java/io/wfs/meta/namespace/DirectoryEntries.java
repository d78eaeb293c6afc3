package io.wfs.meta.namespace;

import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The entries of one directory.
 *
 * <p>Every entry has a position that never changes while the entry exists; the readdir cookie
 * is the next position to read, so an entry present during a whole listing is returned exactly
 * once whatever else changes. Per position: the child ino (0 = hole) and a reference into the
 * name arena ({@code [length][type code][name bytes]}). A hole's reference links the LIFO list
 * of free positions, which later inserts reuse. The list order is part of the replicated state
 * (it decides where the next entry goes, hence cookies), so snapshots keep it.
 *
 * <p>Lookup goes through an open-addressing table of {@code position + 1} keyed by the name
 * hash; keys are compared in the arena. When more than half of the arena is garbage it is
 * compacted: offsets change, positions do not.
 */
public final class DirectoryEntries {
    /** Returned by {@link #readdir} when no position at or after the cookie is left. */
    public static final long END = -1;
    private static final int NO_FREE = -1;
    private static final int HEADER = 2;
    private static final long[] NO_CHILDREN = new long[0];
    private static final int[] NO_INTS = new int[0];
    private static final byte[] NO_BYTES = new byte[0];

    /** Receives readdir entries; the arena slice is valid only during the call. */
    @FunctionalInterface
    public interface Visitor {
        /** Returns false to stop (e.g. the reply buffer is full); that entry then counts as not returned. */
        boolean accept(long nextCookie, byte[] names, int nameOffset, int nameLength, long childIno, int typeCode);
    }

    private long[] children = NO_CHILDREN;
    private int[] nameRefs = NO_INTS;
    private int highWater;
    private int freeHead = NO_FREE;
    private int live;
    private byte[] arena = NO_BYTES;
    private int arenaUsed;
    private int arenaGarbage;
    private int[] index = NO_INTS;
    /** The slot's copy-on-write epoch this object was made in (SlotState.directory). */
    int epoch;

    public int count() {
        return live;
    }

    /** Returns the child ino named name, or 0. */
    public long lookup(byte[] name) {
        int pos = find(name);
        return pos < 0 ? 0 : children[pos];
    }

    /** Returns the 4-bit type code of name's child, or -1 if absent. */
    public int lookupType(byte[] name) {
        int pos = find(name);
        return pos < 0 ? -1 : arena[nameRefs[pos] + 1];
    }

    /** Adds name; throws EEXIST if present. Returns the entry's position. */
    public int insert(byte[] name, long childIno, int typeCode) {
        Names.check(name);
        if (find(name) >= 0) {
            throw new NamespaceException(NamespaceException.Code.EEXIST, "entry exists");
        }
        return add(name, childIno, typeCode);
    }

    /**
     * Points name at childIno, keeping the position if name exists (rename over a target).
     * Returns the ino it replaced, or 0 if name was absent and has been inserted.
     */
    public long replace(byte[] name, long childIno, int typeCode) {
        Names.check(name);
        checkChild(childIno);
        int pos = find(name);
        if (pos < 0) {
            add(name, childIno, typeCode);
            return 0;
        }
        long previous = children[pos];
        children[pos] = childIno;
        arena[nameRefs[pos] + 1] = (byte) typeCode;
        return previous;
    }

    /** Removes name and returns the child ino it named; throws ENOENT if absent. */
    public long remove(byte[] name) {
        int pos = find(name);
        if (pos < 0) {
            throw new NamespaceException(NamespaceException.Code.ENOENT, "no such entry");
        }
        long child = children[pos];
        unindex(pos);
        arenaGarbage += HEADER + (arena[nameRefs[pos]] & 0xFF);
        children[pos] = 0;
        nameRefs[pos] = freeHead;
        freeHead = pos;
        live--;
        if (arenaGarbage > 64 && arenaGarbage * 2 > arenaUsed) {
            compactArena();
        }
        return child;
    }

    /**
     * Visits up to max entries at positions >= cookie in position order. Returns the cookie to
     * continue from, or {@link #END} when every position has been visited.
     */
    public long readdir(long cookie, int max, Visitor visitor) {
        if (cookie < 0) {
            throw new IllegalArgumentException("bad cookie " + cookie);
        }
        int returned = 0;
        for (long pos = cookie; pos < highWater; pos++) {
            int p = (int) pos;
            if (children[p] == 0) {
                continue;
            }
            if (returned == max) {
                return pos;
            }
            int ref = nameRefs[p];
            if (!visitor.accept(pos + 1, arena, ref + HEADER, arena[ref] & 0xFF, children[p], arena[ref + 1])) {
                return pos;
            }
            returned++;
        }
        return END;
    }

    int highWater() {
        return highWater;
    }

    /** An independent copy for a slot that goes on changing while a snapshot reads this one. */
    DirectoryEntries copy(int newEpoch) {
        DirectoryEntries copy = new DirectoryEntries();
        copy.children = children.clone();
        copy.nameRefs = nameRefs.clone();
        copy.highWater = highWater;
        copy.freeHead = freeHead;
        copy.live = live;
        copy.arena = arena.clone();
        copy.arenaUsed = arenaUsed;
        copy.arenaGarbage = arenaGarbage;
        copy.index = index.clone();
        copy.epoch = newEpoch;
        return copy;
    }

    /** The child at a position below {@link #highWater}, 0 for a hole. */
    long childAt(int pos) {
        return children[pos];
    }

    int arenaCapacity() {
        return arena.length;
    }

    long positionBytes() {
        return HeapFootprint.array(children.length, 8) + HeapFootprint.array(nameRefs.length, 4);
    }

    long nameBytes() {
        return HeapFootprint.array(arena.length, 1);
    }

    long indexBytes() {
        return HeapFootprint.array(index.length, 4);
    }

    int find(byte[] name) {
        if (name.length > Names.MAX_NAME_BYTES) {
            throw new NameTooLongException(name.length, Names.MAX_NAME_BYTES);
        }
        if (live == 0) {
            return -1;
        }
        int mask = index.length - 1;
        for (int i = Names.hash(name, 0, name.length) & mask; ; i = (i + 1) & mask) {
            int entry = index[i];
            if (entry == 0) {
                return -1;
            }
            if (nameEquals(entry - 1, name)) {
                return entry - 1;
            }
        }
    }

    private boolean nameEquals(int pos, byte[] name) {
        int ref = nameRefs[pos];
        int length = arena[ref] & 0xFF;
        return length == name.length
                && Arrays.equals(arena, ref + HEADER, ref + HEADER + length, name, 0, length);
    }

    private static void checkChild(long childIno) {
        if (childIno == 0) {
            throw new IllegalArgumentException("ino 0 is not a valid child");
        }
    }

    private int add(byte[] name, long childIno, int typeCode) {
        checkChild(childIno);
        int pos = takePosition();
        children[pos] = childIno;
        nameRefs[pos] = appendName(name, 0, name.length, typeCode);
        live++;
        if (live * 16L > index.length * 13L) {
            rehash(Math.max(8, index.length * 2));
        } else {
            indexInsert(index, pos);
        }
        return pos;
    }

    private int takePosition() {
        if (freeHead != NO_FREE) {
            int pos = freeHead;
            freeHead = nameRefs[pos];
            return pos;
        }
        if (highWater == children.length) {
            int capacity = Math.max(4, highWater + (highWater >>> 1));
            children = Arrays.copyOf(children, capacity);
            nameRefs = Arrays.copyOf(nameRefs, capacity);
        }
        return highWater++;
    }

    private int appendName(byte[] name, int offset, int length, int typeCode) {
        int needed = arenaUsed + HEADER + length;
        if (needed > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(Math.max(64, needed), arena.length + (arena.length >>> 1)));
        }
        int ref = arenaUsed;
        arena[ref] = (byte) length;
        arena[ref + 1] = (byte) typeCode;
        System.arraycopy(name, offset, arena, ref + HEADER, length);
        arenaUsed = needed;
        return ref;
    }

    private void compactArena() {
        byte[] old = arena;
        int liveBytes = arenaUsed - arenaGarbage;
        arena = new byte[Math.max(64, liveBytes + (liveBytes >>> 2))];
        arenaUsed = 0;
        arenaGarbage = 0;
        for (int pos = 0; pos < highWater; pos++) {
            if (children[pos] != 0) {
                int ref = nameRefs[pos];
                nameRefs[pos] = appendName(old, ref + HEADER, old[ref] & 0xFF, old[ref + 1]);
            }
        }
    }

    private int hashAt(int pos) {
        int ref = nameRefs[pos];
        return Names.hash(arena, ref + HEADER, arena[ref] & 0xFF);
    }

    private void rehash(int capacity) {
        int[] fresh = new int[capacity];
        for (int pos = 0; pos < highWater; pos++) {
            if (children[pos] != 0) {
                indexInsert(fresh, pos);
            }
        }
        index = fresh;
    }

    private void indexInsert(int[] target, int pos) {
        int mask = target.length - 1;
        int i = hashAt(pos) & mask;
        while (target[i] != 0) {
            i = (i + 1) & mask;
        }
        target[i] = pos + 1;
    }

    private void unindex(int pos) {
        int mask = index.length - 1;
        int i = hashAt(pos) & mask;
        while (index[i] != pos + 1) {
            i = (i + 1) & mask;
        }
        int gap = i;
        for (int j = (gap + 1) & mask; index[j] != 0; j = (j + 1) & mask) {
            int home = hashAt(index[j] - 1) & mask;
            boolean homeOutsideGapToJ = gap <= j ? (home <= gap || home > j) : (home <= gap && home > j);
            if (homeOutsideGapToJ) {
                index[gap] = index[j];
                gap = j;
            }
        }
        index[gap] = 0;
    }

    /**
     * Canonical form: positions (as gaps), children (as deltas, siblings have nearby inos),
     * names and the free-position order; not the arena layout or the index.
     */
    void writeTo(SnapshotOutput out) throws IOException {
        out.writeVarLong(highWater);
        out.writeVarLong(live);
        out.writeVarLong(arenaUsed - arenaGarbage);
        int previousPos = -1;
        long previousChild = 0;
        for (int pos = 0; pos < highWater; pos++) {
            if (children[pos] != 0) {
                int ref = nameRefs[pos];
                int length = arena[ref] & 0xFF;
                out.writeVarLong(pos - previousPos - 1);
                out.writeSignedVarLong(children[pos] - previousChild);
                out.writeByte(arena[ref + 1]);
                out.writeByte(length);
                out.write(arena, ref + HEADER, length);
                previousPos = pos;
                previousChild = children[pos];
            }
        }
        out.writeVarLong(highWater - live);
        for (int pos = freeHead; pos != NO_FREE; pos = nameRefs[pos]) {
            out.writeVarLong(pos);
        }
    }

    static DirectoryEntries readFrom(SnapshotInput in) throws IOException {
        int highWater = in.readVarInt(Integer.MAX_VALUE - 1);
        int live = in.readVarInt(highWater);
        int nameBytes = in.readVarInt(Integer.MAX_VALUE - 1);
        // The checksum is verified only at the end of the stream, so sizes read from it may be
        // garbage: arrays grow as data arrives, and a corrupt header fails on EOF instead of on
        // an enormous allocation. Well-formed input ends with exact sizes (no growth slack).
        DirectoryEntries d = new DirectoryEntries();
        d.arena = new byte[Math.min(nameBytes, 1 << 20)];
        long[] children = new long[Math.min(highWater, 1 << 16)];
        int[] nameRefs = new int[children.length];
        byte[] name = new byte[Names.MAX_NAME_BYTES];
        int pos = -1;
        long child = 0;
        for (int i = 0; i < live; i++) {
            pos += 1 + in.readVarInt(highWater);
            child += in.readSignedVarLong();
            int type = in.readByte();
            int length = in.readUnsignedByte();
            in.readFully(name, 0, length);
            if (pos >= highWater || child == 0 || length == 0) {
                throw new IOException("corrupt directory entry at position " + pos);
            }
            if (pos >= children.length) {
                int capacity = (int) Math.min(highWater, Math.max(pos + 1L, children.length * 2L));
                children = Arrays.copyOf(children, capacity);
                nameRefs = Arrays.copyOf(nameRefs, capacity);
            }
            children[pos] = child;
            nameRefs[pos] = d.appendName(name, 0, length, type);
        }
        int holes = in.readVarInt(highWater);
        if (holes != highWater - live) {
            throw new IOException("corrupt free list length " + holes);
        }
        int[] freeOrder = new int[Math.min(holes, 1 << 16)];
        for (int i = 0; i < holes; i++) {
            if (i == freeOrder.length) {
                freeOrder = Arrays.copyOf(freeOrder, (int) Math.min(holes, freeOrder.length * 2L));
            }
            freeOrder[i] = in.readVarInt(highWater - 1);
        }
        d.children = children.length == highWater ? children : Arrays.copyOf(children, highWater);
        d.nameRefs = nameRefs.length == highWater ? nameRefs : Arrays.copyOf(nameRefs, highWater);
        if (d.arena.length != d.arenaUsed) {
            d.arena = Arrays.copyOf(d.arena, d.arenaUsed);
        }
        d.highWater = highWater;
        d.live = live;
        BitSet listed = new BitSet(highWater);
        int previous = NO_FREE;
        for (int i = 0; i < holes; i++) {
            int hole = freeOrder[i];
            if (d.children[hole] != 0 || listed.get(hole)) {
                throw new IOException("free position " + hole + " holds an entry or repeats");
            }
            listed.set(hole);
            if (previous == NO_FREE) {
                d.freeHead = hole;
            } else {
                d.nameRefs[previous] = hole;
            }
            d.nameRefs[hole] = NO_FREE;
            previous = hole;
        }
        d.rehash(indexCapacityFor(live));
        return d;
    }

    private static int indexCapacityFor(int entries) {
        int capacity = 8;
        while (entries * 16L > capacity * 13L) {
            capacity *= 2;
        }
        return entries == 0 ? 0 : capacity;
    }
}
