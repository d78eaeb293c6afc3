package io.wfs.common.route;

import java.util.ArrayList;
import java.util.List;

/**
 * A route on the wire: either a full route (every entity) or a delta (the changes after
 * {@code fromVersion}, each with the version that made it, so a store's cache can serve deltas
 * onward). Layout: {@code byte format=1, byte full, varlong from, varlong to, varint count,
 * changes} — delta changes are each preceded by their varlong version.
 */
public record RouteUpdate(boolean full, long fromVersion, long toVersion, List<Versioned> changes) {
    public static final int FORMAT = 1;
    /** More entities than a route of 1,000,000 volumes would hold means corrupt input. */
    public static final int MAX_CHANGES = 4_000_000;

    /** A change and the route version that made it (for a full route: the route's version). */
    public record Versioned(long version, RouteChange change) {
    }

    public static byte[] encodeFull(long version, List<RouteChange> entities) {
        RouteBytes.Writer w = new RouteBytes.Writer(64 + entities.size() * 10);
        w.writeByte(FORMAT).writeByte(1).writeVarLong(0).writeVarLong(version).writeVarInt(entities.size());
        for (RouteChange c : entities) {
            c.writeTo(w);
        }
        return w.toByteArray();
    }

    /** A delta from already-encoded changes (each: varlong version + change), as the change log keeps them. */
    public static byte[] encodeDelta(long fromVersion, long toVersion, List<byte[]> encodedChanges) {
        int size = 32;
        for (byte[] c : encodedChanges) {
            size += c.length;
        }
        RouteBytes.Writer w = new RouteBytes.Writer(size);
        w.writeByte(FORMAT).writeByte(0).writeVarLong(fromVersion).writeVarLong(toVersion).writeVarInt(encodedChanges.size());
        for (byte[] c : encodedChanges) {
            w.writeBytes(c, 0, c.length);
        }
        return w.toByteArray();
    }

    /** One change of a delta, with its version, as {@link #encodeDelta} expects it. */
    public static byte[] encodeLogEntry(long version, RouteChange change) {
        RouteBytes.Writer w = new RouteBytes.Writer(32);
        w.writeVarLong(version);
        change.writeTo(w);
        return w.toByteArray();
    }

    /** Decodes an update; throws IllegalArgumentException on malformed input. */
    public static RouteUpdate decode(byte[] bytes) {
        RouteBytes.Reader r = new RouteBytes.Reader(bytes);
        int format = r.readByte();
        if (format != FORMAT) {
            throw new IllegalArgumentException("unknown route format " + format);
        }
        boolean full = r.readByte() != 0;
        long from = r.readVarLong();
        long to = r.readVarLong();
        if (to < from) {
            throw new IllegalArgumentException("route update goes back from " + from + " to " + to);
        }
        int count = r.readCount(MAX_CHANGES);
        List<Versioned> changes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long version = full ? to : r.readVarLong();
            changes.add(new Versioned(version, RouteChange.read(r)));
        }
        if (r.hasRemaining()) {
            throw new IllegalArgumentException("trailing bytes after the route update");
        }
        return new RouteUpdate(full, from, to, changes);
    }
}
