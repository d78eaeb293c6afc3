package io.wfs.common.route;

import java.util.Arrays;

/**
 * One entity of the route in its new, complete state. Changes are absolute (never "+1"), so
 * applying one twice, or a delta that overlaps what a cache already has, is harmless. A full
 * route is simply every entity as a change.
 */
public sealed interface RouteChange {
    int MAX_ADDRESS_BYTES = 255;
    int MAX_REPLICAS = 15;

    byte KIND_STORE = 1;
    byte KIND_META = 2;
    byte KIND_GROUP = 3;
    byte KIND_SLOTS = 4;
    byte KIND_VOLUME = 5;

    void writeTo(RouteBytes.Writer w);

    /** A store node: where clients reach it and whether the manager considers it alive. */
    record StoreNode(int id, String address, boolean up) implements RouteChange {
        @Override
        public void writeTo(RouteBytes.Writer w) {
            w.writeByte(KIND_STORE).writeVarInt(id).writeString(address).writeByte(up ? 1 : 0);
        }
    }

    /** A meta node: its Raft endpoint (shared by its groups) and its client endpoint. */
    record MetaNode(int id, String raftAddress, String clientAddress, boolean up) implements RouteChange {
        @Override
        public void writeTo(RouteBytes.Writer w) {
            w.writeByte(KIND_META).writeVarInt(id).writeString(raftAddress).writeString(clientAddress)
                    .writeByte(up ? 1 : 0);
        }
    }

    /** A meta group: its replicas (meta node ids) and the leader last reported (0 = unknown). */
    record Group(int id, int[] peers, int leader) implements RouteChange {
        @Override
        public void writeTo(RouteBytes.Writer w) {
            w.writeByte(KIND_GROUP).writeVarInt(id).writeVarInt(leader).writeVarInt(peers.length);
            for (int p : peers) {
                w.writeVarInt(p);
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Group g && g.id == id && g.leader == leader && Arrays.equals(g.peers, peers);
        }

        @Override
        public int hashCode() {
            return id * 31 + leader;
        }
    }

    /** The owner group of every slot (-1 = none yet), run-length encoded: slots move rarely and in ranges. */
    record Slots(int[] owners) implements RouteChange {
        @Override
        public void writeTo(RouteBytes.Writer w) {
            w.writeByte(KIND_SLOTS);
            int runs = 0;
            for (int i = 0; i < owners.length; i++) {
                if (i == 0 || owners[i] != owners[i - 1]) {
                    runs++;
                }
            }
            w.writeVarInt(runs);
            int i = 0;
            while (i < owners.length) {
                int j = i;
                while (j < owners.length && owners[j] == owners[i]) {
                    j++;
                }
                w.writeVarInt(owners[i] + 1).writeVarInt(j - i);
                i = j;
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Slots s && Arrays.equals(s.owners, owners);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(owners);
        }
    }

    /** A volume: its state and replicas, primary first. */
    record Volume(int id, VolumeState state, int[] replicas) implements RouteChange {
        public int primary() {
            return replicas.length == 0 ? 0 : replicas[0];
        }

        public boolean hasReplicaOn(int node) {
            for (int r : replicas) {
                if (r == node) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void writeTo(RouteBytes.Writer w) {
            // State and replica count share one byte: 100,000 volumes are most of a full route.
            w.writeByte(KIND_VOLUME).writeVarInt(id).writeByte(state.code() << 4 | replicas.length);
            for (int r : replicas) {
                w.writeVarInt(r);
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Volume v && v.id == id && v.state == state && Arrays.equals(v.replicas, replicas);
        }

        @Override
        public int hashCode() {
            return id;
        }
    }

    static RouteChange read(RouteBytes.Reader r) {
        int kind = r.readByte();
        switch (kind) {
            case KIND_STORE:
                return new StoreNode(r.readVarInt(), r.readString(MAX_ADDRESS_BYTES), r.readByte() != 0);
            case KIND_META:
                return new MetaNode(r.readVarInt(), r.readString(MAX_ADDRESS_BYTES), r.readString(MAX_ADDRESS_BYTES),
                        r.readByte() != 0);
            case KIND_GROUP: {
                int id = r.readVarInt();
                int leader = r.readVarInt();
                int[] peers = new int[r.readCount(MAX_REPLICAS)];
                for (int i = 0; i < peers.length; i++) {
                    peers[i] = r.readVarInt();
                }
                return new Group(id, peers, leader);
            }
            case KIND_SLOTS: {
                int runs = r.readCount(SlotMap.SLOTS);
                int[] owners = new int[SlotMap.SLOTS];
                int at = 0;
                for (int i = 0; i < runs; i++) {
                    int owner = r.readVarInt() - 1;
                    int length = r.readVarInt();
                    if (length <= 0 || at + length > owners.length) {
                        throw new IllegalArgumentException("slot runs exceed " + SlotMap.SLOTS + " slots");
                    }
                    Arrays.fill(owners, at, at + length, owner);
                    at += length;
                }
                if (at != owners.length) {
                    throw new IllegalArgumentException("slot runs cover " + at + " slots, not " + SlotMap.SLOTS);
                }
                return new Slots(owners);
            }
            case KIND_VOLUME: {
                int id = r.readVarInt();
                int packed = r.readByte();
                VolumeState state = VolumeState.ofCode(packed >>> 4);
                if (state == null) {
                    throw new IllegalArgumentException("unknown volume state " + (packed >>> 4));
                }
                int[] replicas = new int[packed & 0xF];
                for (int i = 0; i < replicas.length; i++) {
                    replicas[i] = r.readVarInt();
                }
                return new Volume(id, state, replicas);
            }
            default:
                throw new IllegalArgumentException("unknown route change kind " + kind);
        }
    }
}
