package io.wfs.common.msg.manager;

/**
 * A volume's state ({@link io.wfs.common.route.VolumeState} code) as of a route version: what the
 * manager answers where a volume is ({@link VolumeLocationReply}) and what a store reports a
 * volume became ({@link VolumeStateReportRequest}). The three fields are declared once, here and
 * in {@link VolumeAtRouteVersion}, and numbered 1-3 in both messages.
 */
public abstract class VolumeStateAtRouteVersion extends VolumeAtRouteVersion {
    private int state;

    protected VolumeStateAtRouteVersion() {
    }

    protected VolumeStateAtRouteVersion(long routeVersion, int volumeId, int state) {
        super(routeVersion, volumeId);
        this.state = state;
    }

    /** The state's code. */
    public int stateCode() {
        return state;
    }
}
