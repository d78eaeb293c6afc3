package io.wfs.meta.state;

import io.netty.buffer.Unpooled;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.wire.MessageCodec;
import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Exactly-once for mutations: the result of each (session, seq) is kept until the client
 * acknowledges it (ackedSeq in later requests) or the session expires, so a request retried
 * after a leader change is answered from here instead of being applied twice (a retried mkdir
 * answers success, not EEXIST). Results are kept encoded: they are small, snapshot as they are,
 * and decode only on the rare retry.
 */
public final class SessionTable {
    /** Results kept per session at most; a well-behaved client acknowledges long before. */
    static final int MAX_RESULTS_PER_SESSION = 100_000;

    private static final class Session {
        long lastActiveNs;
        final Long2ObjectOpenHashMap<byte[]> results = new Long2ObjectOpenHashMap<>(4);
    }

    private final Long2ObjectOpenHashMap<Session> sessions = new Long2ObjectOpenHashMap<>();

    /** The recorded result of (session, seq), or null; forgets results at or below ackedSeq. */
    Object lookup(long session, long seq, long ackedSeq, long timeNs, MessageType type) {
        Session s = sessions.get(session);
        if (s == null) {
            s = new Session();
            sessions.put(session, s);
        }
        s.lastActiveNs = Math.max(s.lastActiveNs, timeNs);
        if (ackedSeq > 0 && !s.results.isEmpty()) {
            s.results.keySet().removeIf(k -> k <= ackedSeq);
        }
        byte[] recorded = s.results.get(seq);
        return recorded == null ? null : decode(recorded, type);
    }

    /** True when {@code session} sent a mutation (or heartbeat) to this group and has not expired. */
    public boolean known(long session) {
        return sessions.containsKey(session);
    }

    /** The recorded result of (session, seq), or null, without touching anything. */
    Object peek(long session, long seq, MessageType type) {
        Session s = sessions.get(session);
        byte[] recorded = s == null ? null : s.results.get(seq);
        return recorded == null ? null : decode(recorded, type);
    }

    void record(long session, long seq, Object result) {
        Session s = sessions.get(session);
        if (s.results.size() >= MAX_RESULTS_PER_SESSION) {
            // Bounded memory against a client that never acknowledges: drop its oldest result.
            long oldest = Long.MAX_VALUE;
            for (long k : s.results.keySet()) {
                oldest = Math.min(oldest, k);
            }
            s.results.remove(oldest);
        }
        s.results.put(seq, encode(result));
    }

    /** Drops sessions idle since before {@code cutoffNs}; returns their ids, ascending. */
    public LongArrayList expire(long cutoffNs) {
        LongArrayList idle = new LongArrayList();
        for (Long2ObjectMap.Entry<Session> e : sessions.long2ObjectEntrySet()) {
            if (e.getValue().lastActiveNs < cutoffNs) {
                idle.add(e.getLongKey());
            }
        }
        idle.sort(null);
        idle.forEach(sessions::remove);
        return idle;
    }

    int size() {
        return sessions.size();
    }

    private static byte[] encode(Object result) {
        if (result instanceof WfsException e) {
            byte[] message = e.detail().getBytes(StandardCharsets.UTF_8);
            byte[] out = new byte[5 + message.length];
            out[0] = 1;
            int code = e.code().wireCode();
            out[1] = (byte) (code >>> 24);
            out[2] = (byte) (code >>> 16);
            out[3] = (byte) (code >>> 8);
            out[4] = (byte) code;
            System.arraycopy(message, 0, out, 5, message.length);
            return out;
        }
        byte[] body = MessageCodec.toBytes(result);
        byte[] out = new byte[1 + body.length];
        System.arraycopy(body, 0, out, 1, body.length);
        return out;
    }

    private static Object decode(byte[] recorded, MessageType type) {
        if (recorded[0] == 1) {
            int code = ((recorded[1] & 0xff) << 24) | ((recorded[2] & 0xff) << 16) | ((recorded[3] & 0xff) << 8)
                    | (recorded[4] & 0xff);
            return new WfsException(WfsErrorCode.fromWireCode(code),
                    new String(recorded, 5, recorded.length - 5, StandardCharsets.UTF_8));
        }
        Class<? extends Response> c = type.responseClass();
        try {
            return MessageCodec.decode(Unpooled.wrappedBuffer(recorded, 1, recorded.length - 1), c);
        } catch (RuntimeException e) {
            // The sequence number was first used by a request of another type (a client bug, or a
            // hostile peer): its result is not a reply of this type. Refuse, the same way on every
            // replica, instead of failing the apply; the record stays for the real retry.
            return new WfsException(WfsErrorCode.BAD_REQUEST, "sequence number reused: its recorded result is not a "
                    + type + " reply");
        }
    }

    /** Sessions in ascending id order and results in ascending seq order: equal states write equal bytes. */
    void write(DataOutputStream out) throws IOException {
        long[] ids = sessions.keySet().toLongArray();
        java.util.Arrays.sort(ids);
        out.writeInt(ids.length);
        for (long id : ids) {
            Session s = sessions.get(id);
            out.writeLong(id);
            out.writeLong(s.lastActiveNs);
            long[] seqs = s.results.keySet().toLongArray();
            java.util.Arrays.sort(seqs);
            out.writeInt(seqs.length);
            for (long seq : seqs) {
                byte[] r = s.results.get(seq);
                out.writeLong(seq);
                out.writeInt(r.length);
                out.write(r);
            }
        }
    }

    void read(DataInputStream in) throws IOException {
        sessions.clear();
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            long id = in.readLong();
            Session s = new Session();
            s.lastActiveNs = in.readLong();
            int results = in.readInt();
            for (int j = 0; j < results; j++) {
                long seq = in.readLong();
                byte[] r = new byte[in.readInt()];
                in.readFully(r);
                s.results.put(seq, r);
            }
            sessions.put(id, s);
        }
    }
}
