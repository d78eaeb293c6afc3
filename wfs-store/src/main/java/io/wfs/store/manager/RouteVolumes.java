package io.wfs.store.manager;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.VolumeState;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.node.VolumeSet;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes this store's replicas match the manager's route: a volume the route places here is
 * created (writable when the route says so), and a local writable replica the route no longer
 * lists as writable stops taking appends. The route is the authority; local state only follows.
 */
final class RouteVolumes {
    private static final Logger LOG = LoggerFactory.getLogger(RouteVolumes.class);

    private RouteVolumes() {
    }

    /** One volume the route places on this store: its replicas' addresses (primary first) and whether it takes writes. */
    record Placement(int volume, List<String> replicas, boolean writable, VolumeState state) {
    }

    /** How many local replicas were created or changed, and how many could not be (retried later). */
    record Outcome(int changed, int failed) {
    }

    static Outcome apply(RouteModel route, int selfId, VolumeSet volumes) {
        return apply(placements(route, selfId), volumes);
    }

    /**
     * The volumes the route places on {@code selfId}; cheap, so it runs under the route's lock
     * while the disk work of {@link #apply(List, VolumeSet)} runs outside it.
     */
    static List<Placement> placements(RouteModel route, int selfId) {
        List<Placement> list = new ArrayList<>();
        for (RouteChange.Volume v : route.volumes()) {
            if (!v.hasReplicaOn(selfId)) {
                continue;
            }
            List<String> addresses = addresses(route, v);
            if (addresses != null) {
                list.add(new Placement(v.id(), addresses, v.state() == VolumeState.WRITABLE, v.state()));
            }
        }
        return list;
    }

    static Outcome apply(List<Placement> placements, VolumeSet volumes) {
        int changed = 0;
        int failed = 0;
        for (Placement p : placements) {
            VolumeReplica local = volumes.get(p.volume());
            try {
                if (local == null) {
                    volumes.assign(p.volume(), p.replicas(), p.writable());
                    changed++;
                } else if (local.isWritable() && !p.writable()) {
                    volumes.markReadOnly(local, "the manager's route says " + p.state());
                    changed++;
                } else if (!local.descriptor().replicas().equals(p.replicas())) {
                    volumes.assign(p.volume(), p.replicas(), local.isWritable() && p.writable());
                    changed++;
                }
            } catch (IOException e) {
                // Retried at the next heartbeat; the manager sees the volume missing from heartbeats meanwhile.
                failed++;
                LOG.warn("cannot apply volume {} of the route: {}", p.volume(), e.toString());
            }
        }
        return new Outcome(changed, failed);
    }

    /** The replicas' addresses, primary first; null while a replica's node is not in the route yet. */
    private static List<String> addresses(RouteModel route, RouteChange.Volume v) {
        List<String> list = new ArrayList<>(v.replicas().length);
        for (int node : v.replicas()) {
            RouteChange.StoreNode s = route.store(node);
            if (s == null) {
                return null;
            }
            list.add(s.address());
        }
        return list;
    }
}
