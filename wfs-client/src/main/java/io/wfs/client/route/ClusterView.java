package io.wfs.client.route;

import io.wfs.common.route.SlotMap;
import java.util.List;
import java.util.Set;

/** What a client must know of the topology: where metadata lives, and which volumes take and hold blocks. */
public interface ClusterView extends AutoCloseable {
    /** A writable volume and its primary's address, avoiding {@code excluded}; EROFS-like failure if none. */
    record WritableVolume(int volume, String primary) {
    }

    SlotMap slotMap();

    WritableVolume writableVolume(Set<Integer> excluded);

    /** How many copies of each byte the stores keep (the route's replicas per volume). */
    int replicasPerVolume();

    /** Addresses of the replicas of a volume, the primary first; empty if unknown. */
    List<String> replicasOf(int volume);

    /**
     * The cluster's identity from the manager (docs/client.md, "Local read cache"); 0 while the
     * manager has not assigned one yet.
     */
    default long clusterId() {
        return 0;
    }

    /** Brings the view up to date now (when no volume could take a block). */
    void refresh();

    /** Registers a callback for every new slot map (the meta client routes by it). */
    void onSlotMap(java.util.function.Consumer<SlotMap> listener);

    @Override
    void close();
}
