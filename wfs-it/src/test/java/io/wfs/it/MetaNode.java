package io.wfs.it;

import java.util.Map;

/** One metadata server of a {@link MiniCluster}: in this JVM, or a real {@code bin/wfs meta} process. */
interface MetaNode extends AutoCloseable {
    void start() throws Exception;

    /** Abrupt stop: SIGKILL for a process, close without ceremony in-process. */
    void kill() throws Exception;

    boolean isRunning();

    /** The node's /status document. */
    Map<String, Object> status() throws Exception;

    @Override
    void close() throws Exception;
}
