package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;
import java.util.List;

/**
 * The addresses of the live store nodes (where the full route is fetched) and of the managers, the
 * route version, and the cluster's identity (0 until the manager leader assigned it; clients key
 * their local read cache by it).
 */
public final class BootRouteReply implements Response {
    private long routeVersion;
    private List<String> storeAddresses;
    private List<String> managerAddresses;
    private long clusterId;

    public BootRouteReply() {
    }

    public BootRouteReply(long routeVersion, List<String> storeAddresses, List<String> managerAddresses, long clusterId) {
        this.routeVersion = routeVersion;
        this.storeAddresses = storeAddresses;
        this.managerAddresses = managerAddresses;
        this.clusterId = clusterId;
    }

    public long clusterId() {
        return clusterId;
    }

    public long routeVersion() {
        return routeVersion;
    }

    public List<String> storeAddresses() {
        return storeAddresses == null ? List.of() : storeAddresses;
    }

    public List<String> managerAddresses() {
        return managerAddresses == null ? List.of() : managerAddresses;
    }
}
