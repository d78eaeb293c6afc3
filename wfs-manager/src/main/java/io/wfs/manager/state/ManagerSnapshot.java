package io.wfs.manager.state;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;

/**
 * Snapshot layout: {@code int format}, the route book (full route + change log), the id
 * counters, the declared capacities, the re-replication queue and (format 2) the cluster id and
 * the stores being drained; a format 1 snapshot reads with cluster id 0, which the next leader
 * assigns, and no store drained. The route part is the same compact encoding clients receive:
 * 100,000 volumes take about a megabyte.
 */
final class ManagerSnapshot {
    private static final int FORMAT = 2;

    private ManagerSnapshot() {
    }

    static void write(ManagerState s, DataOutputStream out) throws IOException {
        out.writeInt(FORMAT);
        s.route().writeTo(out);
        out.writeInt(s.nextNodeId);
        out.writeInt(s.nextVolumeId);
        out.writeInt(s.nextGroupId);
        out.writeInt(s.capacities().size());
        for (Map.Entry<Integer, StoreCapacity> e : s.capacities().int2ObjectEntrySet()) {
            StoreCapacity c = e.getValue();
            out.writeInt(e.getKey());
            out.writeInt(c.disks());
            out.writeLong(c.capacityBytes());
            out.writeLong(c.freeBytes());
            out.writeLong(c.registeredAtMillis());
        }
        out.writeInt(s.replicationQueue().size());
        for (long entry : s.replicationQueue()) {
            out.writeLong(entry);
        }
        out.writeLong(s.clusterId);
        out.writeInt(s.drainingStores().size());
        for (int node : s.drainingStores()) {
            out.writeInt(node);
        }
    }

    static ManagerState read(DataInputStream in, int maxLogChanges) throws IOException {
        int format = in.readInt();
        if (format != 1 && format != FORMAT) {
            throw new IOException("unknown manager snapshot format " + format);
        }
        ManagerState s = new ManagerState(maxLogChanges);
        s.route().readFrom(in);
        s.nextNodeId = in.readInt();
        s.nextVolumeId = in.readInt();
        s.nextGroupId = in.readInt();
        int stores = in.readInt();
        for (int i = 0; i < stores; i++) {
            int id = in.readInt();
            s.capacities().put(id, new StoreCapacity(in.readInt(), in.readLong(), in.readLong(), in.readLong()));
        }
        int queued = in.readInt();
        for (int i = 0; i < queued; i++) {
            s.replicationQueue().add(in.readLong());
        }
        if (format >= 2) {
            s.clusterId = in.readLong();
            int draining = in.readInt();
            for (int i = 0; i < draining; i++) {
                s.drainingStores().add(in.readInt());
            }
        }
        return s;
    }
}
