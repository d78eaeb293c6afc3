package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;
import java.util.List;

/** A volume's state ({@link io.wfs.common.route.VolumeState} code) and its replicas' addresses, primary first. */
public final class VolumeLocationReply extends VolumeStateAtRouteVersion implements Response {
    private List<String> replicaAddresses;

    public VolumeLocationReply() {
    }

    public VolumeLocationReply(long routeVersion, int volumeId, int state, List<String> replicaAddresses) {
        super(routeVersion, volumeId, state);
        this.replicaAddresses = replicaAddresses;
    }

    public int state() {
        return stateCode();
    }

    public List<String> replicaAddresses() {
        return replicaAddresses == null ? List.of() : replicaAddresses;
    }
}
