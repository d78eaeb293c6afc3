package io.wfs.it;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.route.SlotMap;
import io.wfs.meta.server.MetaServer;
import java.util.Map;

/** A meta server in the test's JVM: fast to start, shares the test's heap. */
final class InProcessMetaNode implements MetaNode {
    private final WfsConfig config;
    private final ClusterSecret secret;
    private final SlotMap slotMap;
    private MetaServer server;

    InProcessMetaNode(WfsConfig config, ClusterSecret secret, SlotMap slotMap) {
        this.config = config;
        this.secret = secret;
        this.slotMap = slotMap;
    }

    @Override
    public void start() throws Exception {
        server = new MetaServer(config, secret, slotMap, new MetricRegistry()).start();
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
    public Map<String, Object> status() {
        return server.status();
    }

    MetaServer server() {
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
