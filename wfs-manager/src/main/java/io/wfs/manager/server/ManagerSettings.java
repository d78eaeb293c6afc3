package io.wfs.manager.server;

import io.wfs.common.config.WfsConfig;
import java.time.Duration;

/** The manager's policy settings, read once from the configuration ({@link ManagerConfigKeys}). */
public record ManagerSettings(Duration nodeTimeout, Duration heartbeatInterval, Duration checkInterval,
                              int volumeReplicas, long volumeSize, int metaReplicas, int metaGroupsPerNode,
                              int routeLogChanges, Duration replicationDelay, int replicationConcurrency,
                              Duration replicationCopyTimeout) {

    public static ManagerSettings from(WfsConfig c) {
        return new ManagerSettings(c.get(ManagerConfigKeys.NODE_TIMEOUT), c.get(ManagerConfigKeys.HEARTBEAT_INTERVAL),
                c.get(ManagerConfigKeys.CHECK_INTERVAL), c.get(ManagerConfigKeys.VOLUME_REPLICAS),
                c.get(ManagerConfigKeys.VOLUME_SIZE), c.get(ManagerConfigKeys.META_REPLICAS),
                c.get(ManagerConfigKeys.META_GROUPS_PER_NODE), c.get(ManagerConfigKeys.ROUTE_LOG_CHANGES),
                c.get(ManagerConfigKeys.REPLICATION_DELAY), c.get(ManagerConfigKeys.REPLICATION_CONCURRENCY),
                c.get(ManagerConfigKeys.REPLICATION_COPY_TIMEOUT));
    }
}
