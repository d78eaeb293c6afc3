package io.wfs.client.create;

import io.wfs.common.rpc.MessageType;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.EnumSet;
import java.util.Set;

/**
 * This client's own requests that change a directory's entries (other than its creates under a
 * delegation), counted per directory: a listing read right after a grant is trusted to hold every
 * name of the directory only if no such request was in flight when the grant was asked for and
 * none was sent since (DelegationAsker). Guarded by the AsyncCreates lock.
 */
final class EntryChanges {
    private static final int MAX_DIRS = 4096;
    /** Per directory: requests changing its entries that have not been answered yet. */
    private final Long2IntOpenHashMap inFlight = new Long2IntOpenHashMap();
    /** Per directory: the {@link #epoch} of the last request changing its entries. */
    private final Long2LongOpenHashMap lastChange = new Long2LongOpenHashMap();
    private long epoch;
    /** {@link #lastChange} was cleared at this epoch: an older reading of it proves nothing. */
    private long forgottenAt;

    /** The requests of this client that change a directory's entries, other than its creates under the delegation. */
    private static final Set<MessageType> CHANGING = EnumSet.of(MessageType.MKNOD, MessageType.MKDIR,
            MessageType.SYMLINK, MessageType.LINK, MessageType.UNLINK, MessageType.RMDIR, MessageType.RENAME);

    static boolean changesEntries(MessageType type) {
        return CHANGING.contains(type);
    }

    /** Such a request naming {@code dirs} leaves. */
    void sent(long[] dirs) {
        epoch++;
        if (lastChange.size() > MAX_DIRS) {
            lastChange.clear();
            forgottenAt = epoch;
        }
        for (long dir : dirs) {
            inFlight.addTo(dir, 1);
            lastChange.put(dir, epoch);
        }
    }

    /** Such a request was answered (or failed). */
    void answered(long[] dirs) {
        for (long dir : dirs) {
            if (inFlight.addTo(dir, -1) <= 1) {
                inFlight.remove(dir);
            }
        }
    }

    /** A reading to compare with later: the epoch now, negative when a change of {@code dir} is in flight. */
    long mark(long dir) {
        long now = ++epoch;
        return inFlight.get(dir) == 0 ? now : -1;
    }

    /** True when no change of {@code dir} was in flight at {@code mark} nor sent since. */
    boolean unchangedSince(long dir, long mark) {
        return mark > 0 && forgottenAt < mark && lastChange.get(dir) < mark;
    }
}
