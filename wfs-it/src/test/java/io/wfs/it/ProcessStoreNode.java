package io.wfs.it;

import io.wfs.common.config.CommonConfigKeys;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A real {@code bin/wfs store} process with its own data folder and fixed loopback ports, so that
 * a test can {@code kill -9} it and start it again on the same address and data.
 */
public final class ProcessStoreNode implements AutoCloseable {
    private final WfsProcess process;
    private final NodeHost host;
    private final Path dataDir;
    private final int rpcPort;

    private ProcessStoreNode(WfsProcess process, NodeHost host, Path dataDir, int rpcPort) {
        this.process = process;
        this.host = host;
        this.dataDir = dataDir;
        this.rpcPort = rpcPort;
    }

    /** Writes {@code <name>.properties} under {@code dir}: data in {@code dir/<name>}, the given ports, then {@code settings}. */
    static ProcessStoreNode configure(Path dir, String name, Path secretFile, int rpcPort, int httpPort,
                                      Map<String, String> settings) throws IOException {
        return configure(dir, name, NodeHost.LOOPBACK, secretFile, rpcPort, httpPort, settings);
    }

    /** As {@link #configure(Path, String, Path, int, int, Map)}, bound to {@code host}'s address. */
    static ProcessStoreNode configure(Path dir, String name, NodeHost host, Path secretFile, int rpcPort, int httpPort,
                                      Map<String, String> settings) throws IOException {
        Path data = dir.resolve(name);
        StringBuilder props = new StringBuilder();
        props.append(CommonConfigKeys.SECRET_FILE.name()).append(" = ").append(secretFile).append('\n');
        props.append("store.rpc-address = ").append(host.at(rpcPort)).append('\n');
        props.append("store.data-dirs = ").append(data).append('\n');
        props.append(CommonConfigKeys.HTTP_PORT.name()).append(" = ").append(httpPort).append('\n');
        props.append(CommonConfigKeys.HTTP_BIND.name()).append(" = ").append(host.address()).append('\n');
        props.append(CommonConfigKeys.IO_THREADS.name()).append(" = 2\n");
        settings.forEach((k, v) -> props.append(k).append(" = ").append(v).append('\n'));
        Path configFile = dir.resolve(name + ".properties");
        Files.writeString(configFile, props);
        return new ProcessStoreNode(new WfsProcess("store", host, configFile, java.util.List.of(),
                dir.resolve(name + ".log")), host, data, rpcPort);
    }

    public void start() throws Exception {
        process.start();
    }

    /** {@code kill -9}. */
    public void kill() throws InterruptedException {
        process.kill();
    }

    public boolean isRunning() {
        return process.isRunning();
    }

    /** host:port as it appears in volume replica lists. */
    public String address() {
        return host.at(rpcPort);
    }

    public InetSocketAddress rpcAddress() {
        return new InetSocketAddress(host.address(), rpcPort);
    }

    /** The process itself (SIGSTOP/SIGCONT). */
    WfsProcess process() {
        return process;
    }

    NodeHost host() {
        return host;
    }

    public Path dataDir() {
        return dataDir;
    }

    public String log() throws IOException {
        return Files.readString(process.log());
    }

    @Override
    public void close() throws InterruptedException {
        process.stop();
    }
}
