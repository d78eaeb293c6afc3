package io.wfs.client;

import io.wfs.common.lock.HeldLock;
import io.wfs.common.msg.meta.OpenEpochs;
import io.wfs.common.lock.LockRange;
import io.wfs.common.lock.LockTable;
import io.wfs.common.route.HeldOpens;
import io.wfs.common.route.SlotMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The files this client's session holds open, with their open counts, and the locks the leaders
 * granted it: what it announces to a meta group's new leader, which keeps opens and locks in
 * memory only. An open counts from before its request leaves (so an announcement racing it names
 * the file) until its close is sent; a lock from its grant until its release was answered.
 * Each announcement starts a new open epoch, and each open and close is stamped with the epoch it
 * was counted in, so a leader that took an announcement does not count again what it already
 * holds ({@link OpenEpochs}).
 */
final class SessionOpens implements HeldOpens {
    private final Long2IntOpenHashMap counts = new Long2IntOpenHashMap();
    /** This session's own locks (the session field is 0: they are all this session's). */
    private final LockTable locks = new LockTable();
    private final Supplier<SlotMap> slotMap;
    private long openEpoch = OpenEpochs.FIRST;

    SessionOpens(Supplier<SlotMap> slotMap) {
        this.slotMap = slotMap;
    }

    /** Counts one open of {@code ino}; returns the open epoch it was counted in, for its request. */
    synchronized long opened(long ino) {
        counts.addTo(ino, 1);
        return openEpoch;
    }

    /** Uncounts one open of {@code ino}; returns the open epoch of that close, for its request. */
    synchronized long closed(long ino) {
        if (counts.addTo(ino, -1) <= 1) {
            counts.remove(ino);
        }
        return openEpoch;
    }

    /** The leader granted (or released, type UNLOCK) a lock of this session. */
    synchronized void locked(long ino, long owner, int kind, int type, long start, long end) {
        locks.record(ino, 0, owner, kind, type, start, end);
    }

    @Override
    public synchronized Held in(SlotMap.Group group) {
        SlotMap map = slotMap.get();
        openEpoch++;
        LongArrayList inos = new LongArrayList();
        IntArrayList n = new IntArrayList();
        for (Long2IntMap.Entry e : counts.long2IntEntrySet()) {
            if (map.groupOfIno(e.getLongKey()).id().equals(group.id())) {
                inos.add(e.getLongKey());
                n.add(e.getIntValue());
            }
        }
        List<HeldLock> held = new ArrayList<>();
        for (long ino : locks.inos()) {
            if (map.groupOfIno(ino).id().equals(group.id())) {
                for (LockRange l : locks.on(ino)) {
                    held.add(new HeldLock(ino, l.owner(), l.kind(), l.type(), l.start(), l.end()));
                }
            }
        }
        return new Held(inos.toLongArray(), n.toIntArray(), held, openEpoch);
    }
}
