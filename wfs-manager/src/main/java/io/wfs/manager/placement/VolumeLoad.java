package io.wfs.manager.placement;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;

/** Replicas hosted per store node: what placement balances. Built once per placement round. */
public final class VolumeLoad {
    private final Int2IntOpenHashMap replicasByNode = new Int2IntOpenHashMap();

    public static VolumeLoad of(RouteModel model) {
        VolumeLoad load = new VolumeLoad();
        for (RouteChange.Volume v : model.volumes()) {
            for (int r : v.replicas()) {
                load.add(r);
            }
        }
        return load;
    }

    public int of(int node) {
        return replicasByNode.get(node);
    }

    public void add(int node) {
        replicasByNode.addTo(node, 1);
    }
}
