package io.wfs.it;

import java.nio.file.Path;
import java.util.Map;

/** A real {@code bin/wfs manager} process, so that a test can {@code kill -9} the leader. */
final class ProcessManagerNode implements ManagerNode {
    private final WfsProcess process;
    private final String rpcAddress;
    private final int httpPort;

    ProcessManagerNode(Path configFile, Path log, String rpcAddress, int httpPort) {
        this.process = new WfsProcess("manager", configFile, log);
        this.rpcAddress = rpcAddress;
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
    public String rpcAddress() {
        return rpcAddress;
    }

    @Override
    public Map<String, Object> status() throws Exception {
        return WfsProcess.httpStatus(httpPort);
    }

    @Override
    public void close() throws InterruptedException {
        process.stop();
    }
}
