package io.wfs.common.rpc.server;

/** Where a handler runs. */
public enum Dispatch {
    /** On the connection's event loop: only for handlers that never block and finish in microseconds. */
    EVENT_LOOP,
    /**
     * On the event loop when the handler can answer without waiting; when it would have to wait
     * (a lock held elsewhere) it returns {@link RequestHandler#busy()} and runs again on the worker
     * pool ({@link RequestContext#onEventLoop()} tells it which). Saves the two thread hand-offs
     * of the worker pool (there and back to the event loop) in the common case.
     */
    EVENT_LOOP_UNLESS_BUSY,
    /** On the bounded worker pool: everything that may block or wait. */
    WORKER
}
