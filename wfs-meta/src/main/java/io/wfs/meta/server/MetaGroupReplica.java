package io.wfs.meta.server;

import com.alipay.sofa.jraft.entity.PeerId;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.common.route.SlotMap;
import io.wfs.meta.ops.CreateRootOp;
import io.wfs.meta.ops.ExpireSessionsOp;
import io.wfs.meta.ops.ReleaseOrphansOp;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import io.wfs.meta.ops.MetaOperation;
import io.wfs.meta.state.InternalCommand;
import io.wfs.meta.state.MetaCommand;
import io.wfs.meta.lease.LeasedOutcome;
import io.wfs.meta.state.MetaStateMachine;
import io.wfs.raft.RaftGroup;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's replica of one meta group. Mutations get the leader's clock reading and go
 * through Raft; queries are served from the leader's state while its read lease holds
 * ({@code RaftGroup.leaderRead}: a leader that was deposed without knowing it yet could otherwise
 * answer from an old state), and after a read barrier of their own when the header asks for one.
 * A non-leader answers NOT_LEADER with the leader's client address as hint; a leader that cannot
 * confirm it still leads answers NOT_LEADER without one ({@link #unconfirmedLeader}).
 */
public final class MetaGroupReplica {
    private static final Logger LOG = LoggerFactory.getLogger(MetaGroupReplica.class);

    private final SlotMap.Group group;
    private final MetaStateMachine machine;
    private volatile RaftGroup raft;

    MetaGroupReplica(SlotMap.Group group, MetaStateMachine machine) {
        this.group = group;
        this.machine = machine;
        machine.setLeaderListener(this::onLeaderStart);
    }

    void attach(RaftGroup raft) {
        this.raft = raft;
    }

    public String groupId() {
        return group.id();
    }

    public MetaStateMachine machine() {
        return machine;
    }

    public RaftGroup raft() {
        return raft;
    }

    public static long nowNs() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /**
     * Runs a request within this group: a query on this leader's state, a mutation as one log
     * entry stamped with this leader's clock, applied by {@code op.execute} on every replica.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public CompletableFuture<Response> execute(MetaOperation op, MetaRequest<?> request) {
        if (!op.mutates()) {
            if (!raft.isLeader()) {
                return CompletableFuture.failedFuture(notLeader());
            }
            CompletableFuture<Void> ready = request.header().linearizable() ? raft.readBarrier() : raft.leaderRead();
            if (ready.isDone() && !ready.isCompletedExceptionally()) {
                try {
                    return CompletableFuture.completedFuture(machine.query(op, request));
                } catch (WfsException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }
            return ready.handle((ok, error) -> {
                if (error != null) {
                    throw unconfirmedLeader();
                }
                return machine.query(op, request);
            });
        }
        return raft.propose(MetaCommand.encode(op.type(), nowNs(), request))
                .thenCompose(LeasedOutcome::settle)
                .handle((result, error) -> {
                    if (error != null) {
                        throw withClientHint(WfsException.unwrap(error));
                    }
                    return (Response) result;
                });
    }

    /** Proposes a mutation of this group (a coordinator's own step, the sweep's resolution). */
    public CompletableFuture<Response> propose(MessageType type, MetaRequest<?> request) {
        return execute(machine.operations().of(type), request);
    }

    /** Proposes an internal command of the group (root creation, session expiry, deletion acknowledgements). */
    public CompletableFuture<Object> proposeInternal(short command, byte[] body) {
        return raft.propose(MetaCommand.encode(command, nowNs(), body)).thenCompose(LeasedOutcome::settle);
    }

    void expireSessions(Duration lease) {
        if (raft != null && raft.isLeader()) {
            proposeInternal(InternalCommand.EXPIRE_SESSIONS, ExpireSessionsOp.body(lease))
                    .whenComplete((n, e) -> {
                        if (e == null && n instanceof long[] sessions && sessions.length > 0) {
                            LOG.info("group {}: expired {} idle sessions: {}", group.id(), sessions.length,
                                    java.util.Arrays.stream(sessions).mapToObj(Long::toHexString).toList());
                        }
                    });
        }
    }

    /**
     * On the leader: deletes, in one entry per batch, the orphans no session holds open any more
     * (none during the re-announce window after a leader change). A failure leaves them orphans;
     * the next leader releases them after its window.
     */
    void releaseOrphans() {
        if (raft == null || !raft.isLeader()) {
            return;
        }
        LongArrayList batch = machine.releasableOrphans(ReleaseOrphansOp.MAX_PER_ENTRY);
        if (!batch.isEmpty()) {
            proposeInternal(InternalCommand.RELEASE_ORPHANS, ReleaseOrphansOp.body(batch)).whenComplete((n, e) -> {
                if (e != null) {
                    LOG.warn("group {}: releasing {} orphans failed (a later leader releases them): {}", group.id(),
                            batch.size(), e.toString());
                }
            });
        }
    }

    private void onLeaderStart() {
        if (!machine.hasRoot()) {
            // The first leader of the group owning slot 0 creates the root, stamped with its clock.
            // Off the state-machine thread: leadership can arrive before attach() on a fast start.
            CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 1000 && raft == null; i++) {
                    sleep(10);
                }
                proposeInternal(InternalCommand.CREATE_ROOT, CreateRootOp.body()).whenComplete((r, e) -> {
                    if (e != null) {
                        LOG.warn("group {}: creating the root failed (the next leader retries): {}", group.id(), e.toString());
                    }
                });
            });
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** NOT_LEADER with the leader's client address as hint, when known. */
    /**
     * NOT_LEADER without a hint, from a leader whose read lease could not be renewed: until it steps
     * down Raft names this very node, and the client would ask it again at once. Without a hint the
     * client backs off and asks the others.
     */
    private WfsException unconfirmedLeader() {
        return new WfsException(WfsErrorCode.NOT_LEADER, "this replica of " + group.id()
                + " could not confirm that it still leads", null, 0, null);
    }

    public WfsException notLeader() {
        PeerId leader = raft.leader();
        return withClientHint(new WfsException(WfsErrorCode.NOT_LEADER, "not the leader of " + group.id(),
                leader == null ? null : leader.getEndpoint().toString(), 0, null));
    }

    /** Raft reports the leader's Raft address; clients need its client address. */
    private WfsException withClientHint(WfsException e) {
        if (e.code() != WfsErrorCode.NOT_LEADER) {
            return e;
        }
        String hint = e.leaderHint();
        // Read once: the leader may change (to none) between two reads, as a chaos run found.
        PeerId leader = hint == null ? raft.leader() : null;
        if (leader != null) {
            hint = leader.getEndpoint().toString();
        }
        SlotMap.Peer peer = hint == null ? null : group.peerByRaftAddress(hint);
        return new WfsException(WfsErrorCode.NOT_LEADER, e.detail(), peer == null ? null : peer.clientAddress(), 0, null);
    }
}
