package io.wfs.common.rpc.wire;

/**
 * The version of the message bytes: what a client announces in its hello, what the meta groups'
 * Raft logs and snapshots are written in. Peers of another version are refused at the handshake,
 * and a meta group does not start on a log of another version (docs/wire-protocol.md,
 * Compatibility).
 *
 * <ul>
 *   <li>1: the first format (builds before 2026-12-07).
 *   <li>2: every run of fields declared once (issue 15): owners, entries, lock flags and ranges,
 *       slices, volume states and node capacities share their declarations, which renumbered the
 *       fields of InodeAttr, SetAttrRequest, CreateLockedRequest, LockForRemoveRequest,
 *       StepCheckRequest, ResolveLockRequest, RenamePlan, LockRangeRequest, LockInfoReply,
 *       SliceInfo, VolumeStateReportRequest, NodeStatus and RegisterStoreNodeRequest.
 * </ul>
 */
public final class WireFormat {
    public static final int VERSION = 2;

    private WireFormat() {
    }
}
