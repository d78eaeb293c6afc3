package io.wfs.common.rpc.server;

import io.wfs.common.rpc.auth.Scope;
import java.net.SocketAddress;

/**
 * Where a request came from: the connection's peer and the name the client gave at handshake;
 * {@code onEventLoop}: the handler runs on the connection's event loop and must not wait there
 * ({@link Dispatch#EVENT_LOOP_UNLESS_BUSY}); {@code scope}: what the connection's credential may
 * reach, null for the full cluster secret ({@link ScopedAccess}).
 */
public record RequestContext(SocketAddress remoteAddress, String clientName, boolean onEventLoop, Scope scope) {
    public RequestContext(SocketAddress remoteAddress, String clientName, boolean onEventLoop) {
        this(remoteAddress, clientName, onEventLoop, null);
    }

    /** The same request, run again on the worker pool. */
    public RequestContext onWorker() {
        return new RequestContext(remoteAddress, clientName, false, scope);
    }
}
