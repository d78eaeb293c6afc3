package io.wfs.meta.state;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongLinkedOpenHashSet;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Blocks freed by unlink, truncate and overwrite, waiting for the stores to delete them. Part
 * of the replicated state, so no freed block is forgotten across a leader change; the leader
 * hands them to the stores and removes them once acknowledged. Insertion-ordered, so the
 * oldest go first.
 */
public final class DeletionQueue {
    private final LongLinkedOpenHashSet blocks = new LongLinkedOpenHashSet();

    void addAll(LongArrayList freed) {
        for (int i = 0; i < freed.size(); i++) {
            blocks.add(freed.getLong(i));
        }
    }

    /** Up to {@code max} of the oldest queued blocks. */
    public long[] peek(int max) {
        long[] out = new long[Math.min(max, blocks.size())];
        var it = blocks.iterator();
        for (int i = 0; i < out.length; i++) {
            out[i] = it.nextLong();
        }
        return out;
    }

    public void acknowledge(long[] deleted) {
        for (long b : deleted) {
            blocks.remove(b);
        }
    }

    int size() {
        return blocks.size();
    }

    void write(DataOutputStream out) throws IOException {
        out.writeInt(blocks.size());
        var it = blocks.iterator();
        while (it.hasNext()) {
            out.writeLong(it.nextLong());
        }
    }

    void read(DataInputStream in) throws IOException {
        blocks.clear();
        for (int i = 0, n = in.readInt(); i < n; i++) {
            blocks.add(in.readLong());
        }
    }
}
