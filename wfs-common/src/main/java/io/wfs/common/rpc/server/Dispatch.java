package io.wfs.common.rpc.server;

/** Where a handler runs. */
public enum Dispatch {
    /** On the connection's event loop: only for handlers that never block and finish in microseconds. */
    EVENT_LOOP,
    /** On the bounded worker pool: everything that may block or wait. */
    WORKER
}
