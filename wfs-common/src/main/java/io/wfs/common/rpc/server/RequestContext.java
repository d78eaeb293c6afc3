package io.wfs.common.rpc.server;

import java.net.SocketAddress;

/**
 * Where a request came from: the connection's peer and the name the client gave at handshake;
 * {@code onEventLoop}: the handler runs on the connection's event loop and must not wait there
 * ({@link Dispatch#EVENT_LOOP_UNLESS_BUSY}).
 */
public record RequestContext(SocketAddress remoteAddress, String clientName, boolean onEventLoop) {
    /** The same request, run again on the worker pool. */
    RequestContext onWorker() {
        return new RequestContext(remoteAddress, clientName, false);
    }
}
