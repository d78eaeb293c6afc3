package io.wfs.it;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.manager.server.ManagerConfigKeys;
import io.wfs.manager.server.ManagerServer;
import java.util.Map;

/** A manager in the test's JVM: the test can read its replicated state directly (every route version). */
final class InProcessManagerNode implements ManagerNode {
    private final WfsConfig config;
    private final ClusterSecret secret;
    private ManagerServer server;

    InProcessManagerNode(WfsConfig config, ClusterSecret secret) {
        this.config = config;
        this.secret = secret;
    }

    @Override
    public void start() throws Exception {
        server = new ManagerServer(config, secret, new MetricRegistry()).start();
    }

    @Override
    public void kill() {
        close();
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }

    @Override
    public String rpcAddress() {
        return config.get(ManagerConfigKeys.RPC_ADDRESS);
    }

    @Override
    public Map<String, Object> status() {
        return server.status();
    }

    ManagerServer server() {
        return server;
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
