package io.wfs.it;

import java.nio.file.Path;
import java.util.Map;

/** A real {@code bin/wfs manager} process, so that a test can {@code kill -9} the leader. */
final class ProcessManagerNode implements ManagerNode {
    private final WfsProcess process;
    private final NodeHost host;
    private final String rpcAddress;
    private final int httpPort;

    ProcessManagerNode(NodeHost host, Path configFile, Path log, String rpcAddress, int httpPort) {
        this.process = new WfsProcess("manager", host, configFile, java.util.List.of(), log);
        this.host = host;
        this.rpcAddress = rpcAddress;
        this.httpPort = httpPort;
    }

    /** The process itself (SIGSTOP/SIGCONT, its log). */
    WfsProcess process() {
        return process;
    }

    NodeHost host() {
        return host;
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
        return WfsProcess.httpStatus(host, httpPort);
    }

    @Override
    public void close() throws InterruptedException {
        process.stop();
    }
}
