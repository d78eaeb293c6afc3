package io.wfs.common.route;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The topology a client needs, as the manager publishes it: store nodes, meta nodes, meta
 * groups, the slot → group map and volumes. Mutated only through {@link #apply}, so that a
 * cache fed with the same changes holds the same model. Not thread-safe: owners lock.
 */
public final class RouteModel {
    private final Int2ObjectOpenHashMap<RouteChange.StoreNode> stores = new Int2ObjectOpenHashMap<>();
    private final Int2ObjectOpenHashMap<RouteChange.MetaNode> metaNodes = new Int2ObjectOpenHashMap<>();
    private final Int2ObjectOpenHashMap<RouteChange.Group> groups = new Int2ObjectOpenHashMap<>();
    private final Int2ObjectOpenHashMap<RouteChange.Volume> volumes = new Int2ObjectOpenHashMap<>();
    /** Store node → the writable volume it is primary of: placement asks this for every node. */
    private final Int2IntOpenHashMap writableByPrimary = new Int2IntOpenHashMap();
    private int[] slotOwners = unowned();

    private static int[] unowned() {
        int[] owners = new int[SlotMap.SLOTS];
        Arrays.fill(owners, -1);
        return owners;
    }

    public void apply(RouteChange change) {
        if (change instanceof RouteChange.StoreNode s) {
            stores.put(s.id(), s);
        } else if (change instanceof RouteChange.MetaNode m) {
            metaNodes.put(m.id(), m);
        } else if (change instanceof RouteChange.Group g) {
            groups.put(g.id(), g);
        } else if (change instanceof RouteChange.Slots s) {
            slotOwners = s.owners().clone();
        } else if (change instanceof RouteChange.Volume v) {
            RouteChange.Volume old = volumes.put(v.id(), v);
            if (old != null && old.state() == VolumeState.WRITABLE && writableByPrimary.get(old.primary()) == old.id()) {
                writableByPrimary.remove(old.primary());
            }
            if (v.state() == VolumeState.WRITABLE) {
                writableByPrimary.put(v.primary(), v.id());
            }
        }
    }

    public void clear() {
        stores.clear();
        metaNodes.clear();
        groups.clear();
        volumes.clear();
        writableByPrimary.clear();
        slotOwners = unowned();
    }

    /** Every entity as a change, in a fixed order (kind, then id): the body of a full route. */
    public List<RouteChange> asChanges() {
        List<RouteChange> all = new ArrayList<>(stores.size() + metaNodes.size() + groups.size() + volumes.size() + 1);
        all.addAll(stores());
        all.addAll(metaNodes());
        all.addAll(groups());
        all.add(new RouteChange.Slots(slotOwners.clone()));
        all.addAll(volumes());
        return all;
    }

    public RouteChange.StoreNode store(int id) {
        return stores.get(id);
    }

    public RouteChange.MetaNode metaNode(int id) {
        return metaNodes.get(id);
    }

    public RouteChange.Group group(int id) {
        return groups.get(id);
    }

    public RouteChange.Volume volume(int id) {
        return volumes.get(id);
    }

    public int groupOfSlot(int slot) {
        return slotOwners[slot];
    }

    public int[] slotOwners() {
        return slotOwners.clone();
    }

    public List<RouteChange.StoreNode> stores() {
        return sortedById(stores);
    }

    public List<RouteChange.MetaNode> metaNodes() {
        return sortedById(metaNodes);
    }

    public List<RouteChange.Group> groups() {
        return sortedById(groups);
    }

    public List<RouteChange.Volume> volumes() {
        return sortedById(volumes);
    }

    public int volumeCount() {
        return volumes.size();
    }

    /**
     * How many copies of each byte the stores keep: the longest replica list of any volume (a
     * volume that lost a store has fewer until it is re-replicated); 1 while there are no volumes.
     */
    public int replicasPerVolume() {
        int most = 1;
        for (RouteChange.Volume v : volumes.values()) {
            most = Math.max(most, v.replicas().length);
        }
        return most;
    }

    /**
     * Values in id order. Sorting the primitive keys and looking each up is several times faster
     * than sorting the objects with a comparator: 100,000 volumes are sorted for every full route.
     */
    private static <T> List<T> sortedById(Int2ObjectOpenHashMap<T> map) {
        int[] ids = map.keySet().toIntArray();
        Arrays.sort(ids);
        List<T> list = new ArrayList<>(ids.length);
        for (int id : ids) {
            list.add(map.get(id));
        }
        return list;
    }

    /** The writable volume {@code storeNode} is primary of, or null. */
    public RouteChange.Volume writableVolumeOf(int storeNode) {
        return writableByPrimary.containsKey(storeNode) ? volumes.get(writableByPrimary.get(storeNode)) : null;
    }

    /**
     * The slot map for meta servers and clients, with group ids "g&lt;id&gt;"; null while some slot
     * has no group (before the manager placed the groups).
     */
    public SlotMap toSlotMap(long version) {
        List<SlotMap.Group> list = new ArrayList<>();
        for (RouteChange.Group g : groups()) {
            List<SlotMap.Peer> peers = new ArrayList<>();
            for (int p : g.peers()) {
                RouteChange.MetaNode m = metaNodes.get(p);
                if (m == null) {
                    return null;
                }
                peers.add(new SlotMap.Peer(m.raftAddress(), m.clientAddress()));
            }
            int[] slots = java.util.stream.IntStream.range(0, SlotMap.SLOTS).filter(s -> slotOwners[s] == g.id()).toArray();
            list.add(new SlotMap.Group("g" + g.id(), peers, slots));
        }
        try {
            return new SlotMap(version, list);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
