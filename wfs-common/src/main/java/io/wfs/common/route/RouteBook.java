package io.wfs.common.route;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * A versioned route with the recent history of its changes: what the manager keeps in its
 * replicated state and what a store's {@link RouteCache} keeps to serve clients. Every
 * {@link #commit} raises the version by one. The change log is bounded
 * ({@code maxLogChanges}); a delta since a version older than the log answers the full route.
 * Not thread-safe: owners lock.
 */
public final class RouteBook {
    private record LogEntry(long version, byte[] bytes) {
    }

    private final RouteModel model = new RouteModel();
    private final ArrayDeque<LogEntry> log = new ArrayDeque<>();
    private final int maxLogChanges;
    private long version;
    /** Deltas since any version ≥ logBase are complete. */
    private long logBase;
    private byte[] fullCache;
    private long fullCacheVersion = -1;

    public RouteBook(int maxLogChanges) {
        this.maxLogChanges = Math.max(1, maxLogChanges);
    }

    public long version() {
        return version;
    }

    /** The model, for reading; change it only through {@link #commit}. */
    public RouteModel model() {
        return model;
    }

    /** Applies {@code changes} as the next version and logs them; no changes, no new version. */
    public long commit(List<RouteChange> changes) {
        if (changes.isEmpty()) {
            return version;
        }
        version++;
        for (RouteChange c : changes) {
            model.apply(c);
            append(new LogEntry(version, RouteUpdate.encodeLogEntry(version, c)));
        }
        return version;
    }

    private void append(LogEntry entry) {
        log.addLast(entry);
        while (log.size() > maxLogChanges) {
            logBase = Math.max(logBase, log.removeFirst().version());
        }
    }

    /** The full route, encoded once per version (a route of 100,000 volumes is about a megabyte). */
    public byte[] full() {
        if (fullCacheVersion != version) {
            fullCache = RouteUpdate.encodeFull(version, model.asChanges());
            fullCacheVersion = version;
        }
        return fullCache;
    }

    /** The changes after {@code since}, or null when the log no longer reaches back that far. */
    public byte[] deltaSince(long since) {
        if (since < logBase || since > version) {
            return null;
        }
        List<byte[]> changes = new ArrayList<>();
        for (Iterator<LogEntry> it = log.descendingIterator(); it.hasNext(); ) {
            LogEntry e = it.next();
            if (e.version() <= since) {
                break;
            }
            changes.add(e.bytes());
        }
        Collections.reverse(changes);
        return RouteUpdate.encodeDelta(since, version, changes);
    }

    /** A delta since {@code since} when possible, else the full route. */
    public byte[] updateSince(long since) {
        byte[] delta = since > 0 ? deltaSince(since) : null;
        return delta != null ? delta : full();
    }

    /**
     * Applies an update received from the manager (or another cache). Returns false when it does
     * not connect — a delta starting after this book's version — and the caller must fetch the
     * full route.
     */
    public boolean apply(RouteUpdate update) {
        if (update.full()) {
            model.clear();
            log.clear();
            for (RouteUpdate.Versioned c : update.changes()) {
                model.apply(c.change());
            }
            version = update.toVersion();
            logBase = version;
            return true;
        }
        if (update.fromVersion() > version) {
            return false;
        }
        for (RouteUpdate.Versioned c : update.changes()) {
            if (c.version() > version) {
                model.apply(c.change());
                append(new LogEntry(c.version(), RouteUpdate.encodeLogEntry(c.version(), c.change())));
            }
        }
        version = Math.max(version, update.toVersion());
        return true;
    }

    public void writeTo(DataOutputStream out) throws IOException {
        byte[] full = full();
        out.writeLong(logBase);
        out.writeInt(full.length);
        out.write(full);
        out.writeInt(log.size());
        for (LogEntry e : log) {
            out.writeLong(e.version());
            out.writeInt(e.bytes().length);
            out.write(e.bytes());
        }
    }

    public void readFrom(DataInputStream in) throws IOException {
        long base = in.readLong();
        byte[] full = new byte[in.readInt()];
        in.readFully(full);
        apply(RouteUpdate.decode(full));
        logBase = base;
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            long v = in.readLong();
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            log.addLast(new LogEntry(v, bytes));
        }
    }
}
