package io.wfs.meta.lease;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.function.LongConsumer;

/**
 * The lease keys one apply changed, reported by the slots' mutators ({@code SlotState}) while the
 * group's leader tracks leases; ignored otherwise, so followers and a leader without leases pay
 * one flag test per change. Used on the state-machine thread only.
 */
public final class ChangedKeys implements LongConsumer {
    private final LongOpenHashSet keys = new LongOpenHashSet();
    private boolean active;

    /** Starts collecting for one apply ({@code active}: the leader tracks leases). */
    public void begin(boolean active) {
        this.active = active;
        keys.clear();
    }

    @Override
    public void accept(long key) {
        if (active) {
            keys.add(key);
        }
    }

    public LongOpenHashSet keys() {
        return keys;
    }

    public boolean active() {
        return active;
    }
}
