package io.wfs.it;

import java.nio.file.Path;
import java.util.Map;

/**
 * A real {@code bin/wfs meta} process of the packaged distribution, so that a test can
 * {@code kill -9} it. Its output goes to a log file in the cluster folder; it is stopped by pid.
 */
final class ProcessMetaNode implements MetaNode {
    private final WfsProcess process;
    private final int httpPort;

    ProcessMetaNode(Path configFile, Path log, int httpPort) {
        this.process = new WfsProcess("meta", configFile, log);
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
        return WfsProcess.httpStatus(httpPort);
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.stop();
    }
}
