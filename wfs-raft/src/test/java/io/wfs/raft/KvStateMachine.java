package io.wfs.raft;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * A small deterministic state machine for testing the Raft plumbing: a sorted string map.
 * Commands: {@code put k v} answers the previous value; {@code cas k expected v} answers a
 * domain error (EEXIST) when the value differs; {@code boom} throws (a bug).
 */
final class KvStateMachine implements ReplicatedStateMachine {
    private final TreeMap<String, String> map = new TreeMap<>();
    private volatile long lastIndex;

    static byte[] put(String k, String v) {
        return ("put " + k + " " + v).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] cas(String k, String expected, String v) {
        return ("cas " + k + " " + expected + " " + v).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public synchronized Object apply(ByteBuffer command, long logIndex) {
        byte[] bytes = new byte[command.remaining()];
        command.get(bytes);
        String[] parts = new String(bytes, StandardCharsets.UTF_8).split(" ");
        lastIndex = logIndex;
        switch (parts[0]) {
            case "put":
                return String.valueOf(map.put(parts[1], parts[2]));
            case "cas":
                if (!parts[2].equals(String.valueOf(map.get(parts[1])))) {
                    return new WfsException(WfsErrorCode.EEXIST, parts[1] + " is " + map.get(parts[1]));
                }
                return map.put(parts[1], parts[3]);
            case "boom":
                throw new IllegalStateException("bug in apply");
            default:
                throw new IllegalArgumentException("unknown command " + parts[0]);
        }
    }

    synchronized String get(String k) {
        return map.get(k);
    }

    synchronized int size() {
        return map.size();
    }

    synchronized long digest() {
        long h = 1125899906842597L;
        for (Map.Entry<String, String> e : map.entrySet()) {
            h = 31 * h + e.getKey().hashCode();
            h = 31 * h + e.getValue().hashCode();
        }
        return h;
    }

    @Override
    public synchronized void writeSnapshot(DataOutputStream out) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, String> e : map.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
    }

    @Override
    public synchronized void readSnapshot(DataInputStream in) throws IOException {
        map.clear();
        for (int i = 0, n = in.readInt(); i < n; i++) {
            map.put(in.readUTF(), in.readUTF());
        }
    }
}
