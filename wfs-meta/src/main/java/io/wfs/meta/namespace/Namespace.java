package io.wfs.meta.namespace;

import io.wfs.common.posix.Posix;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import java.util.Arrays;

/**
 * The slots one meta group owns. Slots are added empty, installed whole (migration in) or
 * removed whole (migration out); every inode operation goes to the slot of its ino.
 */
public final class Namespace {
    private final SlotState[] slots = new SlotState[InodeNumbers.SLOT_COUNT];
    private int owned;
    private java.util.function.LongConsumer changes;

    /** Every slot, now and later, reports the lease keys of its changes to {@code sink} ({@link SlotState#reportChangesTo}). */
    public void reportChangesTo(java.util.function.LongConsumer sink) {
        this.changes = sink;
        for (SlotState state : slots) {
            if (state != null) {
                state.reportChangesTo(sink);
            }
        }
    }

    /**
     * Reports {@code key} as changed without changing a record: a create delegation granted on a
     * directory takes back every other session's cached view of it.
     */
    public void leaseKeyChanged(long key) {
        if (changes != null) {
            changes.accept(key);
        }
    }

    /** Takes ownership of an empty slot. */
    public SlotState addSlot(int slot) {
        return installSlot(new SlotState(slot));
    }

    /** Takes ownership of a slot whose state was built elsewhere (snapshot, migration). */
    public SlotState installSlot(SlotState state) {
        int slot = state.slot();
        if (slots[slot] != null) {
            throw new IllegalStateException("slot " + slot + " is already owned");
        }
        slots[slot] = state;
        state.reportChangesTo(changes);
        owned++;
        return state;
    }

    /** Gives up a slot and returns its state (to export it), or null if it was not owned. */
    public SlotState removeSlot(int slot) {
        InodeNumbers.checkSlot(slot);
        SlotState state = slots[slot];
        if (state != null) {
            slots[slot] = null;
            owned--;
        }
        return state;
    }

    public boolean owns(int slot) {
        return slot >= 0 && slot < slots.length && slots[slot] != null;
    }

    /** The state of slot, or null if not owned. */
    public SlotState slot(int slot) {
        InodeNumbers.checkSlot(slot);
        return slots[slot];
    }

    /** The state of the slot holding ino; NOT_OWNER if this namespace does not own it. */
    public SlotState slotOf(long ino) {
        SlotState state = slots[InodeNumbers.slotOf(ino)];
        if (state == null) {
            throw new NamespaceException(NamespaceException.Code.NOT_OWNER,
                    "slot " + InodeNumbers.slotOf(ino) + " not owned here");
        }
        return state;
    }

    /** Owned slots in ascending order. */
    public int[] ownedSlots() {
        int[] result = new int[owned];
        int n = 0;
        for (int slot = 0; slot < slots.length; slot++) {
            if (slots[slot] != null) {
                result[n++] = slot;
            }
        }
        return Arrays.copyOf(result, n);
    }

    /** Each owned slot's next sequence number (slot -> nextSeq): what was handed out so far. */
    public Int2LongOpenHashMap nextSeqs() {
        Int2LongOpenHashMap next = new Int2LongOpenHashMap(owned);
        for (int slot = 0; slot < slots.length; slot++) {
            if (slots[slot] != null) {
                next.put(slot, slots[slot].nextSeq());
            }
        }
        return next;
    }

    /** Creates the root directory; slot 0 must be owned and must never have allocated an id. */
    public long createRoot(int permissions, int uid, int gid, long timeNs) {
        SlotState zero = slots[0];
        if (zero == null || zero.nextSeq() != 1) {
            throw new IllegalStateException("the root needs slot 0 owned and fresh");
        }
        long root = zero.createInode(Posix.S_IFDIR | (permissions & Posix.PERMISSION_BITS), uid, gid,
                InodeNumbers.ROOT, timeNs);
        assert root == InodeNumbers.ROOT;
        return root;
    }

    public boolean contains(long ino) {
        SlotState state = slots[InodeNumbers.slotOf(ino)];
        return state != null && state.contains(ino);
    }

    public void getAttributes(long ino, InodeAttributes out) {
        slotOf(ino).getAttributes(ino, out);
    }

    public long usedInodes() {
        long total = 0;
        for (SlotState state : slots) {
            total += state == null ? 0 : state.usedInodes();
        }
        return total;
    }

    public long usedBytes() {
        long total = 0;
        for (SlotState state : slots) {
            total += state == null ? 0 : state.usedBytes();
        }
        return total;
    }

    /**
     * A read-only copy of every owned slot as it is now (see {@link SlotState#frozenCopy}), for a
     * snapshot written on another thread while this namespace goes on changing.
     */
    public Namespace frozenCopy() {
        Namespace copy = new Namespace();
        for (SlotState state : slots) {
            if (state != null) {
                copy.installSlot(state.frozenCopy());
            }
        }
        return copy;
    }

    /** The snapshot of the last {@link #frozenCopy} is written: changes stop copying what it shared. */
    public void stopSharing() {
        for (SlotState state : slots) {
            if (state != null) {
                state.stopSharing();
            }
        }
    }

    /** Digest of all owned slots in slot order (see {@link StateDigest}). */
    public long digest() {
        return StateDigest.of(this);
    }
}
