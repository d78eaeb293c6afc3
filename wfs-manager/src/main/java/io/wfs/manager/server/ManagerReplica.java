package io.wfs.manager.server;

import com.alipay.sofa.jraft.entity.PeerId;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.manager.command.ManagerCommand;
import io.wfs.manager.command.ManagerCommands;
import io.wfs.manager.state.ManagerStateMachine;
import io.wfs.raft.RaftGroup;
import java.util.concurrent.CompletableFuture;

/**
 * This process's replica of the manager group: proposes commands stamped with the leader's
 * clock, and turns Raft's leader hints (Raft endpoints) into the RPC address clients need.
 */
public final class ManagerReplica {
    private final ManagerStateMachine machine;
    private final ManagerPeers peers;
    private volatile RaftGroup raft;

    ManagerReplica(ManagerStateMachine machine, ManagerPeers peers) {
        this.machine = machine;
        this.peers = peers;
    }

    void attach(RaftGroup raft) {
        this.raft = raft;
    }

    public ManagerStateMachine machine() {
        return machine;
    }

    public RaftGroup raft() {
        return raft;
    }

    public boolean isLeader() {
        RaftGroup r = raft;
        return r != null && r.isLeader();
    }

    /** The RPC address of the leader this replica knows of, or null. */
    public String leaderRpcAddress() {
        RaftGroup r = raft;
        PeerId leader = r == null ? null : r.leader();
        return leader == null ? null : peers.rpcOf(leader.getEndpoint().toString());
    }

    public CompletableFuture<Object> propose(ManagerCommand command) {
        RaftGroup r = raft;
        if (r == null) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.UNAVAILABLE, "manager is starting"));
        }
        return r.propose(ManagerCommands.encode(command, System.currentTimeMillis()))
                .handle((result, error) -> {
                    if (error != null) {
                        WfsException e = WfsException.unwrap(error);
                        if (e == null) {
                            throw new WfsException(WfsErrorCode.INTERNAL, String.valueOf(error), error);
                        }
                        throw e.code() == WfsErrorCode.NOT_LEADER ? notLeader() : e;
                    }
                    return result;
                });
    }

    /** NOT_LEADER with the leader's RPC address as hint (when known). */
    public WfsException notLeader() {
        return new WfsException(WfsErrorCode.NOT_LEADER, "this manager is not the leader", leaderRpcAddress(), 0, null);
    }
}
