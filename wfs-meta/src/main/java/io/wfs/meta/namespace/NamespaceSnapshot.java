package io.wfs.meta.namespace;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Binary form of a whole namespace: {@code magic, version, slot count, slot bodies in slot
 * order, CRC32C}. Slot bodies are those of {@link SlotSnapshot}, so one slot can be cut out
 * of a group snapshot for migration without re-encoding inodes.
 */
public final class NamespaceSnapshot {
    static final int NAMESPACE_MAGIC = 0x5746534E; // "WFSN"

    private NamespaceSnapshot() {
    }

    /** Writes every owned slot; target is flushed, not closed. Returns the bytes written. */
    public static long save(Namespace namespace, OutputStream target) throws IOException {
        SnapshotOutput out = new SnapshotOutput(target, null);
        out.writeInt(NAMESPACE_MAGIC);
        out.writeInt(SlotSnapshot.VERSION);
        int[] owned = namespace.ownedSlots();
        out.writeInt(owned.length);
        for (int slot : owned) {
            SlotSnapshot.writeBody(namespace.slot(slot), out);
        }
        out.writeTrailer();
        return out.bytesWritten();
    }

    public static Namespace load(InputStream source) throws IOException {
        SnapshotInput in = new SnapshotInput(source);
        int version = SlotSnapshot.checkHeader(in, NAMESPACE_MAGIC);
        int count = in.readInt();
        if (count < 0 || count > InodeNumbers.SLOT_COUNT) {
            throw new IOException("corrupt slot count " + count);
        }
        Namespace namespace = new Namespace();
        for (int i = 0; i < count; i++) {
            SlotState state = SlotSnapshot.readBodyChecked(in, version);
            if (namespace.owns(state.slot())) {
                throw new IOException("slot " + state.slot() + " appears twice");
            }
            namespace.installSlot(state);
        }
        SlotSnapshot.checkTrailer(in);
        return namespace;
    }
}
