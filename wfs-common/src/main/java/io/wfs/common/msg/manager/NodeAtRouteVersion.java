package io.wfs.common.msg.manager;

/**
 * A node ({@code nodeId}) and a route version, the first two fields of what a node reports to the
 * manager ({@link NodeReportRequest}: the route it holds) and of what registration answers
 * ({@link RegisteredReply}: the route it should fetch). Declared here once; as the root of both
 * messages its fields keep numbers 1 and 2 (docs/wire-protocol.md, Compatibility).
 */
public abstract class NodeAtRouteVersion {
    private int nodeId;
    private long routeVersion;

    protected NodeAtRouteVersion() {
    }

    protected NodeAtRouteVersion(int nodeId, long routeVersion) {
        this.nodeId = nodeId;
        this.routeVersion = routeVersion;
    }

    public int nodeId() {
        return nodeId;
    }

    public long routeVersion() {
        return routeVersion;
    }
}
