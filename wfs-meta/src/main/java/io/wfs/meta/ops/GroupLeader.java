package io.wfs.meta.ops;

import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.meta.cross.CrossGroupSteps;
import io.wfs.meta.server.MetaGroupReplica;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * What a request's leader-side step ({@link MetaOperation#lead}) works with: this node's replica
 * of the group owning the request's routing inode, and the steps it may send to other groups when
 * the request's inodes span groups. The leader step runs once, before the request spends a Raft
 * entry: it may read the state (under the state lock, with the leader's clock) and refuse, but
 * changes nothing itself.
 */
public final class GroupLeader {
    private final MetaGroupReplica replica;
    private final CrossGroupSteps steps;

    public GroupLeader(MetaGroupReplica replica, CrossGroupSteps steps) {
        this.replica = replica;
        this.steps = steps;
    }

    public MetaGroupReplica replica() {
        return replica;
    }

    public CrossGroupSteps steps() {
        return steps;
    }

    /** True while this replica leads its group; only a leader coordinates across groups. */
    public boolean leads() {
        return replica.raft().isLeader();
    }

    public boolean owns(int slot) {
        return replica.machine().owns(slot);
    }

    /** Runs leader-side checks against the current state, as the caller of {@code header}, at the leader's clock. */
    public <T> T inspect(MetaHeader header, Function<MetaContext, T> check) {
        return replica.machine().inspect(header, MetaGroupReplica.nowNs(), check);
    }

    /**
     * The request within this group: a mutation as one log entry (applied by {@code op.execute} on
     * every replica), a query served from this leader's state.
     */
    @SuppressWarnings("unchecked")
    public <Q extends MetaRequest<R>, R extends Response> CompletableFuture<R> inThisGroup(MetaOperation<Q, R> op,
                                                                                         Q request) {
        return (CompletableFuture<R>) (CompletableFuture<?>) replica.execute(op, request);
    }

    /** Proposes a mutation of this group (a coordinator's own step). */
    public CompletableFuture<Response> propose(MessageType type, MetaRequest<?> request) {
        return replica.propose(type, request);
    }

    /**
     * True when this replica applied the step of the lock ({@code ino}, {@code lockTimeNs}): the
     * step leaves a receipt. A step whose (session, seq) was already recorded is answered from that
     * record instead and leaves none: a resend of the client's request that started before the
     * first run's step was applied (so the replay check above missed it) and locked the inode after
     * the first run had resolved. That run must undo its own lock, not commit it a second time.
     * Asked after the step's future completed, which happens after this replica applied it.
     */
    public boolean stepApplied(MetaHeader header, long ino, long lockTimeNs) {
        return inspect(header, ctx -> ctx.intents().receipts().contains(ino, lockTimeNs));
    }

    /**
     * Runs a request whose leader step may span groups once per (session, seq): answered from the
     * outcome recorded under {@code stepType} when there is one; otherwise {@code run}, and a failure
     * of it is answered from the record too if one appeared meanwhile. A resend that arrives while
     * the first run is still going (the client's call timed out while a step waited out a failover)
     * passes the first check, then finds the first run's work done: the source name gone, the new
     * name taken. Its ENOENT or EEXIST would contradict a request that succeeded (the chaos run's
     * "acknowledged name answered ENOENT"); the record holds the request's one outcome. The record
     * is written by the same entry that changes the name, so a run that sees the change also sees it.
     */
    public <R extends Response> CompletableFuture<R> once(MetaHeader h, MessageType stepType,
                                                          java.util.function.Supplier<CompletableFuture<R>> run) {
        CompletableFuture<R> replay = recorded(h, stepType);
        if (replay != null) {
            return replay;
        }
        CompletableFuture<R> attempt;
        try {
            attempt = run.get();
        } catch (WfsException e) {
            attempt = CompletableFuture.failedFuture(e);
        }
        return attempt.exceptionallyCompose(error -> {
            CompletableFuture<R> recorded = recorded(h, stepType);
            return recorded != null ? recorded : CompletableFuture.failedFuture(WfsException.unwrap(error));
        });
    }

    /**
     * The outcome this group recorded for the client's (session, seq) under the step that carries
     * it ({@code stepType}), or null: a retried cross-group request is answered from it.
     */
    @SuppressWarnings("unchecked")
    private <R extends Response> CompletableFuture<R> recorded(MetaHeader h, MessageType stepType) {
        if (h.session() == 0) {
            return null;
        }
        Object r = replica.machine().recordedResult(h.session(), h.seq(), stepType);
        if (r == null) {
            return null;
        }
        return r instanceof WfsException e ? CompletableFuture.failedFuture(e) : CompletableFuture.completedFuture((R) r);
    }
}
