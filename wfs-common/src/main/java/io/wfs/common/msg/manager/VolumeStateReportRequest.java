package io.wfs.common.msg.manager;

import io.wfs.common.route.VolumeState;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * A store node reports that a volume it holds must stop taking writes: SEALED (full) or
 * READ_ONLY (a replica failed, a disk error). Built on the store's route: a report on an older
 * route is answered STALE_ROUTE, as the volume may already have changed.
 */
public final class VolumeStateReportRequest extends VolumeStateAtRouteVersion implements Request<RouteVersionReply> {
    private int nodeId;
    private String reason;

    public VolumeStateReportRequest() {
    }

    public VolumeStateReportRequest(int nodeId, long routeVersion, int volumeId, VolumeState state, String reason) {
        super(routeVersion, volumeId, state.code());
        this.nodeId = nodeId;
        this.reason = reason;
    }

    /** The reporting store node. */
    public int nodeId() {
        return nodeId;
    }

    public VolumeState state() {
        return VolumeState.ofCode(stateCode());
    }

    public String reason() {
        return reason == null ? "" : reason;
    }

    @Override
    public void validate() {
        ManagerFields.nodeId(nodeId);
        ManagerFields.version(routeVersion(), "routeVersion");
        Validate.range(volumeId(), "volumeId", 1, Integer.MAX_VALUE);
        int state = stateCode();
        Validate.check(state == VolumeState.SEALED.code() || state == VolumeState.READ_ONLY.code(),
                "state " + state + " cannot be reported: only SEALED (" + VolumeState.SEALED.code() + ") or READ_ONLY ("
                        + VolumeState.READ_ONLY.code() + ")");
        Validate.length(reason, "reason", ManagerFields.MAX_REASON_CHARS);
    }
}
