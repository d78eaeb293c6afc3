package io.wfs.store.manager;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.VolumeState;
import io.wfs.store.disk.VolumeDescriptor;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.node.VolumeSet;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes this store's replicas match the manager's route: a volume the route places here is
 * created (writable when the route says so), a local writable replica the route no longer lists
 * as writable stops taking appends, a copy the route now names stops being a copy in progress,
 * and a replica the route replaced while this store was away is dropped. The route is the
 * authority; local state only follows.
 */
final class RouteVolumes {
    private static final Logger LOG = LoggerFactory.getLogger(RouteVolumes.class);

    private RouteVolumes() {
    }

    /** One volume the route places on this store: its replicas' addresses (primary first) and whether it takes writes. */
    record Placement(int volume, List<String> replicas, boolean writable, VolumeState state) {
    }

    /** How many local replicas were created, changed or dropped, and how many could not be (retried later). */
    record Outcome(int changed, int failed) {
    }

    /** What the route asks of this store: the replicas to hold, and the local ones it replaced. */
    record Plan(List<Placement> placements, IntArrayList replaced) {
    }

    static Outcome apply(RouteModel route, int selfId, VolumeSet volumes) {
        return apply(plan(route, selfId, volumes.all().stream().map(VolumeReplica::descriptor).toList()), volumes);
    }

    /** Cheap, so it runs under the route's lock; {@link #apply(Plan, VolumeSet)} does the disk work outside it. */
    static Plan plan(RouteModel route, int selfId, List<VolumeDescriptor> locals) {
        return new Plan(placements(route, selfId), replaced(route, selfId, locals));
    }

    /**
     * The local replicas that re-replication replaced while this store was away: the route lists the
     * volume, read-only, with another store in exactly this store's place and every other replica as
     * this one knew them. Anything less certain (a copy in progress, which the route does not name
     * yet; a route that changed more than this store's place) is kept: a leaked replica costs space, a
     * wrongly dropped one costs a copy of the data.
     */
    static IntArrayList replaced(RouteModel route, int selfId, List<VolumeDescriptor> locals) {
        IntArrayList replaced = new IntArrayList();
        RouteChange.StoreNode self = route.store(selfId);
        if (self == null) {
            return replaced;
        }
        for (VolumeDescriptor local : locals) {
            RouteChange.Volume v = route.volume(local.volume());
            if (local.copying() || v == null || v.state() == VolumeState.WRITABLE || v.hasReplicaOn(selfId)) {
                continue;
            }
            List<String> now = addresses(route, v);
            int mine = local.replicas().indexOf(self.address());
            if (now != null && mine >= 0 && now.size() == local.replicas().size() && onlyPlaceChanged(local.replicas(), now, mine)) {
                replaced.add(local.volume());
            }
        }
        return replaced;
    }

    private static boolean onlyPlaceChanged(List<String> before, List<String> now, int place) {
        for (int i = 0; i < before.size(); i++) {
            if (i != place && !before.get(i).equals(now.get(i))) {
                return false;
            }
        }
        return true;
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

    static Outcome apply(Plan plan, VolumeSet volumes) {
        int changed = 0;
        int failed = 0;
        for (int volume : plan.replaced()) {
            try {
                volumes.drop(volume);
                changed++;
            } catch (IOException e) {
                failed++;
                LOG.warn("cannot drop replaced volume {}: {}", volume, e.toString());
            }
        }
        for (Placement p : plan.placements()) {
            VolumeReplica local = volumes.get(p.volume());
            try {
                if (local == null) {
                    volumes.assign(p.volume(), p.replicas(), p.writable());
                    changed++;
                } else if (local.isWritable() && !p.writable()) {
                    volumes.markReadOnly(local, "the manager's route says " + p.state());
                    changed++;
                } else if (!local.descriptor().replicas().equals(p.replicas()) || local.descriptor().copying()) {
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
