package io.wfs.client;

import io.wfs.common.route.HeldOpens;
import io.wfs.common.route.SlotMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.function.Supplier;

/**
 * The files this client's session holds open, with their open counts: what it announces to a
 * meta group's new leader, which keeps opens in memory only. An open counts from before its
 * request leaves (so an announcement racing it names the file) until its close is sent.
 */
final class SessionOpens implements HeldOpens {
    private final Long2IntOpenHashMap counts = new Long2IntOpenHashMap();
    private final Supplier<SlotMap> slotMap;

    SessionOpens(Supplier<SlotMap> slotMap) {
        this.slotMap = slotMap;
    }

    synchronized void opened(long ino) {
        counts.addTo(ino, 1);
    }

    synchronized void closed(long ino) {
        if (counts.addTo(ino, -1) <= 1) {
            counts.remove(ino);
        }
    }

    @Override
    public synchronized Held in(SlotMap.Group group) {
        SlotMap map = slotMap.get();
        LongArrayList inos = new LongArrayList();
        IntArrayList n = new IntArrayList();
        for (Long2IntMap.Entry e : counts.long2IntEntrySet()) {
            if (map.groupOfIno(e.getLongKey()).id().equals(group.id())) {
                inos.add(e.getLongKey());
                n.add(e.getIntValue());
            }
        }
        return new Held(inos.toLongArray(), n.toIntArray());
    }
}
