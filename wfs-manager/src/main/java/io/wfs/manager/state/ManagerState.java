package io.wfs.manager.state;

import io.wfs.common.route.RouteBook;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.longs.LongLinkedOpenHashSet;
import java.util.List;

/**
 * The manager's replicated state: the route (topology clients see, with its version and change
 * log), the id counters, what stores declared at registration, the re-replication queue and the
 * stores being drained.
 * Changed only by commands applied through Raft; not thread-safe (the state machine locks).
 * Liveness timestamps and volume fill are deliberately not here: they change every second on
 * every node and are the leader's own observations (see LivenessTracker).
 */
public final class ManagerState {
    private final RouteBook route;
    private final Int2ObjectOpenHashMap<StoreCapacity> capacities = new Int2ObjectOpenHashMap<>();
    /** volumeId &lt;&lt; 32 | node id of the lost replica (0: unknown), in the order queued. */
    private final LongLinkedOpenHashSet replicationQueue = new LongLinkedOpenHashSet();
    /** Stores being drained: their replicas are copied away (no delay) and they get no new volume. */
    private final IntOpenHashSet drainingStores = new IntOpenHashSet();
    int nextNodeId = 1;
    int nextVolumeId = 1;
    int nextGroupId = 1;
    /** The cluster's identity (AssignClusterIdCommand); 0 until the first leader assigned it. */
    long clusterId;

    public ManagerState(int maxLogChanges) {
        this.route = new RouteBook(maxLogChanges);
    }

    public RouteBook route() {
        return route;
    }

    public RouteModel model() {
        return route.model();
    }

    public long version() {
        return route.version();
    }

    /** Applies the changes as one new route version (none: no new version). */
    public long commit(List<RouteChange> changes) {
        return route.commit(changes);
    }

    public int allocateNodeId() {
        return nextNodeId++;
    }

    public int allocateVolumeId() {
        return nextVolumeId++;
    }

    public int allocateGroupId() {
        return nextGroupId++;
    }

    public long clusterId() {
        return clusterId;
    }

    public void assignClusterId(long id) {
        clusterId = id;
    }

    public Int2ObjectOpenHashMap<StoreCapacity> capacities() {
        return capacities;
    }

    public IntOpenHashSet drainingStores() {
        return drainingStores;
    }

    public LongLinkedOpenHashSet replicationQueue() {
        return replicationQueue;
    }

    public void queueReplication(int volumeId, int lostNode) {
        replicationQueue.add(replicationKey(volumeId, lostNode));
    }

    public boolean isQueuedForReplication(int volumeId, int lostNode) {
        return replicationQueue.contains(replicationKey(volumeId, lostNode));
    }

    public void dequeueReplication(int volumeId, int lostNode) {
        replicationQueue.remove(replicationKey(volumeId, lostNode));
    }

    /** The volume of a queue entry. */
    public static int queuedVolume(long entry) {
        return (int) (entry >>> 32);
    }

    /** The lost node of a queue entry (0: a write failure on live stores). */
    public static int queuedLostNode(long entry) {
        return (int) entry;
    }

    private static long replicationKey(int volumeId, int lostNode) {
        return (long) volumeId << 32 | (lostNode & 0xFFFFFFFFL);
    }

    /** The store node registered at {@code address}, or 0. */
    public int storeByAddress(String address) {
        for (RouteChange.StoreNode s : model().stores()) {
            if (s.address().equals(address)) {
                return s.id();
            }
        }
        return 0;
    }

    /** The meta node registered with Raft endpoint {@code raftAddress}, or 0. */
    public int metaByRaftAddress(String raftAddress) {
        for (RouteChange.MetaNode m : model().metaNodes()) {
            if (m.raftAddress().equals(raftAddress)) {
                return m.id();
            }
        }
        return 0;
    }
}
