package io.wfs.common.route;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Which meta group owns each of the 4096 slots, and which peers replicate each group. Every
 * slot belongs to exactly one group (checked on construction). Versioned: a higher version
 * replaces a lower one. Until the manager serves it, it comes from a properties file:
 * <pre>
 * version = 1
 * groups = g0,g1
 * group.g0.peers = 127.0.0.1:7001=127.0.0.1:8001, 127.0.0.1:7002=127.0.0.1:8002, 127.0.0.1:7003=127.0.0.1:8003
 * group.g0.slots = 0-2047
 * group.g1.peers = ...
 * group.g1.slots = 2048-4095
 * </pre>
 * A peer is {@code raftHost:raftPort=clientHost:clientPort}.
 */
public final class SlotMap {
    public static final int SLOTS = 4096;

    /** One replica of a group: where its Raft traffic goes, and where clients reach it. */
    public record Peer(String raftAddress, String clientAddress) {
        @Override
        public String toString() {
            return raftAddress + "=" + clientAddress;
        }
    }

    /** A meta group: its id, replicas and slots (ascending). */
    public record Group(String id, List<Peer> peers, int[] slots) {
        public Peer peerByRaftAddress(String raftAddress) {
            for (Peer p : peers) {
                if (p.raftAddress().equals(raftAddress)) {
                    return p;
                }
            }
            return null;
        }
    }

    private final long version;
    private final List<Group> groups;
    private final Group[] bySlot = new Group[SLOTS];

    public SlotMap(long version, List<Group> groups) {
        this.version = version;
        this.groups = List.copyOf(groups);
        for (Group g : groups) {
            if (g.peers().isEmpty()) {
                throw new IllegalArgumentException("group " + g.id() + " has no peers");
            }
            if (g.peers().stream().map(Peer::raftAddress).distinct().count() != g.peers().size()) {
                throw new IllegalArgumentException("group " + g.id() + " lists a peer twice");
            }
            for (int slot : g.slots()) {
                if (slot < 0 || slot >= SLOTS) {
                    throw new IllegalArgumentException("slot " + slot + " out of range");
                }
                if (bySlot[slot] != null) {
                    throw new IllegalArgumentException("slot " + slot + " owned by " + bySlot[slot].id() + " and " + g.id());
                }
                bySlot[slot] = g;
            }
        }
        for (int slot = 0; slot < SLOTS; slot++) {
            if (bySlot[slot] == null) {
                throw new IllegalArgumentException("slot " + slot + " is owned by no group");
            }
        }
    }

    /** One group of the given peers owning every slot: the simplest cluster. */
    public static SlotMap singleGroup(String groupId, List<Peer> peers) {
        int[] all = new int[SLOTS];
        Arrays.setAll(all, i -> i);
        return new SlotMap(1, List.of(new Group(groupId, peers, all)));
    }

    public long version() {
        return version;
    }

    public List<Group> groups() {
        return groups;
    }

    public Group groupOfSlot(int slot) {
        return bySlot[slot];
    }

    /** The group owning the slot of an inode (or block id): {@code ino >>> 52}. */
    public Group groupOfIno(long ino) {
        return bySlot[(int) (ino >>> 52)];
    }

    public Group group(String id) {
        for (Group g : groups) {
            if (g.id().equals(id)) {
                return g;
            }
        }
        return null;
    }

    public static SlotMap load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        try {
            return parse(p);
        } catch (RuntimeException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    public static SlotMap parse(Properties p) {
        long version = Long.parseLong(required(p, "version"));
        List<Group> groups = new ArrayList<>();
        for (String id : required(p, "groups").split(",")) {
            String gid = id.strip();
            List<Peer> peers = new ArrayList<>();
            for (String peer : required(p, "group." + gid + ".peers").split(",")) {
                String[] parts = peer.strip().split("=");
                if (parts.length != 2) {
                    throw new IllegalArgumentException("peer '" + peer + "' is not raftHost:port=clientHost:port");
                }
                peers.add(new Peer(parts[0].strip(), parts[1].strip()));
            }
            groups.add(new Group(gid, peers, parseSlots(required(p, "group." + gid + ".slots"))));
        }
        return new SlotMap(version, groups);
    }

    private static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("slot map: '" + key + "' is missing");
        }
        return v;
    }

    private static int[] parseSlots(String text) {
        List<Integer> slots = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] range = part.strip().split("-");
            int from = Integer.parseInt(range[0].strip());
            int to = range.length == 2 ? Integer.parseInt(range[1].strip()) : from;
            for (int s = from; s <= to; s++) {
                slots.add(s);
            }
        }
        return slots.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The properties form, readable by {@link #parse}. */
    public String format() {
        StringWriter w = new StringWriter();
        w.append("version = ").append(String.valueOf(version)).append('\n');
        w.append("groups = ").append(String.join(",", groups.stream().map(Group::id).toList())).append('\n');
        for (Group g : groups) {
            w.append("group.").append(g.id()).append(".peers = ")
                    .append(String.join(", ", g.peers().stream().map(Peer::toString).toList())).append('\n');
            w.append("group.").append(g.id()).append(".slots = ").append(ranges(g.slots())).append('\n');
        }
        return w.toString();
    }

    private static String ranges(int[] slots) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < slots.length) {
            int j = i;
            while (j + 1 < slots.length && slots[j + 1] == slots[j] + 1) {
                j++;
            }
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(slots[i]);
            if (j > i) {
                b.append('-').append(slots[j]);
            }
            i = j + 1;
        }
        return b.toString();
    }
}
