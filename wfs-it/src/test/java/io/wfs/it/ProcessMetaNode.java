package io.wfs.it;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A real {@code bin/wfs meta} process of the packaged distribution, so that a test can
 * {@code kill -9} it. Its output goes to a log file in the cluster folder; it is stopped by pid.
 */
final class ProcessMetaNode implements MetaNode {
    private final WfsProcess process;
    private final NodeHost host;
    private final int httpPort;

    ProcessMetaNode(Path configFile, Path log, int httpPort) {
        this(NodeHost.LOOPBACK, configFile, log, httpPort);
    }

    ProcessMetaNode(NodeHost host, Path configFile, Path log, int httpPort) {
        this.process = new WfsProcess("meta", host, configFile, List.of(), log);
        this.host = host;
        this.httpPort = httpPort;
    }

    @Override
    public void start() throws Exception {
        process.start();
    }

    @Override
    public void kill() throws InterruptedException {
        process.kill();
    }

    @Override
    public boolean isRunning() {
        return process.isRunning();
    }

    @Override
    public Map<String, Object> status() throws Exception {
        return WfsProcess.httpStatus(host, httpPort);
    }

    long pid() {
        return process.pid();
    }

    /** The process itself (SIGSTOP/SIGCONT, its log). */
    WfsProcess process() {
        return process;
    }

    NodeHost host() {
        return host;
    }

    @Override
    public void close() throws InterruptedException {
        process.stop();
    }
}
