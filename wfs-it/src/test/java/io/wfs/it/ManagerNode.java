package io.wfs.it;

import java.util.Map;

/** One manager replica of a {@link ManagerCluster}: in this JVM, or a real {@code bin/wfs manager} process. */
interface ManagerNode extends AutoCloseable {
    void start() throws Exception;

    /** Abrupt stop: SIGKILL for a process, close without ceremony in-process. */
    void kill() throws Exception;

    boolean isRunning();

    /** Where nodes and clients reach this manager (host:port). */
    String rpcAddress();

    /** The manager's /status document (leader, routeVersion, counts). */
    Map<String, Object> status() throws Exception;

    @Override
    void close() throws Exception;
}
