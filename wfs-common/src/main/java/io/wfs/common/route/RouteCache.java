package io.wfs.common.route;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.RouteReply;
import io.wfs.common.msg.manager.VolumeLocationReply;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A route kept fresh from the manager's updates, serving full routes, deltas and volume
 * locations to clients. A store hosts one (the manager pushes updates on heartbeats), so that
 * thousands of clients load the stores rather than the manager; a client library can keep one
 * as its own view too. Thread-safe.
 */
public final class RouteCache implements RouteSource {
    private final RouteBook book;

    public RouteCache(int maxLogChanges) {
        this.book = new RouteBook(maxLogChanges);
    }

    /**
     * Applies an encoded update (full or delta). Returns false when a delta does not connect to
     * this cache's version: fetch the full route then. Malformed bytes: IllegalArgumentException.
     */
    public synchronized boolean apply(byte[] update) {
        if (update.length == 0) {
            return true;
        }
        return book.apply(RouteUpdate.decode(update));
    }

    @Override
    public synchronized long routeVersion() {
        return book.version();
    }

    @Override
    public synchronized RouteReply fullRoute() {
        return new RouteReply(book.version(), book.full());
    }

    @Override
    public synchronized RouteReply routeSince(long sinceVersion) {
        return new RouteReply(book.version(), book.updateSince(sinceVersion));
    }

    @Override
    public synchronized VolumeLocationReply locate(long clientVersion, int volumeId) {
        return locate(book, clientVersion, volumeId);
    }

    /** Reads the model under this cache's lock. */
    public synchronized <T> T read(Function<RouteModel, T> reader) {
        return reader.apply(book.model());
    }

    /** Shared by every {@link RouteSource}: the STALE_ROUTE check, then the volume's replicas. */
    public static VolumeLocationReply locate(RouteBook book, long clientVersion, int volumeId) {
        checkNotStale(book.version(), clientVersion);
        RouteChange.Volume v = book.model().volume(volumeId);
        if (v == null) {
            throw new WfsException(WfsErrorCode.ENOENT, "no volume " + volumeId + " in route version " + book.version());
        }
        List<String> addresses = new ArrayList<>(v.replicas().length);
        for (int node : v.replicas()) {
            RouteChange.StoreNode s = book.model().store(node);
            addresses.add(s == null ? "" : s.address());
        }
        return new VolumeLocationReply(book.version(), volumeId, v.state().code(), addresses);
    }

    /**
     * STALE_ROUTE with the current version when a request was built on an older route; 0 means
     * the sender has no route yet (a first request) and is not refused.
     */
    public static void checkNotStale(long currentVersion, long clientVersion) {
        if (clientVersion != 0 && clientVersion < currentVersion) {
            throw new WfsException(WfsErrorCode.STALE_ROUTE, "route version " + clientVersion + " is older than "
                    + currentVersion, null, currentVersion, null);
        }
    }
}
