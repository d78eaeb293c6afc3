package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;
import java.util.List;

/** The addresses of the live store nodes (where the full route is fetched) and of the managers, and the route version. */
public final class BootRouteReply implements Response {
    private long routeVersion;
    private List<String> storeAddresses;
    private List<String> managerAddresses;

    public BootRouteReply() {
    }

    public BootRouteReply(long routeVersion, List<String> storeAddresses, List<String> managerAddresses) {
        this.routeVersion = routeVersion;
        this.storeAddresses = storeAddresses;
        this.managerAddresses = managerAddresses;
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
