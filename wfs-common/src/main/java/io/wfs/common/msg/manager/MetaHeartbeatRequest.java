package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Validate;

/**
 * A meta node is alive; it leads the groups in {@code ledGroups}, so the route's leaders stay
 * fresh. {@code routeVersion} is the route it holds: the reply carries what it misses.
 */
public final class MetaHeartbeatRequest extends NodeReportRequest<HeartbeatReply> {
    private int[] ledGroups;
    /** The node's registered Raft address, so the manager refuses a heartbeat whose id it gave another node. */
    private String raftAddress;

    public MetaHeartbeatRequest() {
    }

    public MetaHeartbeatRequest(int nodeId, String raftAddress, long routeVersion, int[] ledGroups) {
        this(nodeId, routeVersion, ledGroups);
        this.raftAddress = raftAddress;
    }

    /** The sender's registered Raft address, or null when it did not say. */
    public String raftAddress() {
        return raftAddress;
    }

    public MetaHeartbeatRequest(int nodeId, long routeVersion, int[] ledGroups) {
        super(nodeId, routeVersion);
        this.ledGroups = ledGroups;
    }

    public int[] ledGroups() {
        return ledGroups == null ? new int[0] : ledGroups;
    }

    @Override
    public void validate() {
        ManagerFields.nodeId(nodeId());
        if (raftAddress != null) {
            ManagerFields.address(raftAddress, "raftAddress");
        }
        ManagerFields.version(routeVersion(), "routeVersion");
        if (ledGroups != null) {
            Validate.check(ledGroups.length <= ManagerFields.MAX_GROUPS_PER_HEARTBEAT,
                    "more than " + ManagerFields.MAX_GROUPS_PER_HEARTBEAT + " led groups");
            for (int g : ledGroups) {
                Validate.range(g, "ledGroups[]", 0, ManagerFields.MAX_NODE_ID);
            }
        }
    }
}
