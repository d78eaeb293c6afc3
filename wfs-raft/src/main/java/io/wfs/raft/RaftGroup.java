package io.wfs.raft;

import com.alipay.sofa.jraft.Node;
import com.alipay.sofa.jraft.RaftGroupService;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.closure.ReadIndexClosure;
import com.alipay.sofa.jraft.conf.Configuration;
import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.option.NodeOptions;
import com.alipay.sofa.jraft.option.RaftOptions;
import com.alipay.sofa.jraft.rpc.RpcServer;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This process's replica of one Raft group. {@link #propose} replicates a command and
 * completes with the state machine's result once applied here; only the leader accepts
 * proposals, others answer NOT_LEADER with the leader's Raft endpoint as hint.
 */
public final class RaftGroup implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RaftGroup.class);
    private static final long JOIN_TIMEOUT_MS = 10_000;

    private final String groupId;
    private final PeerId self;
    private final StateMachineBridge bridge;
    private final Node node;
    private final ProposalBatcher batcher;
    private final LeaderReadLease readLease;

    RaftGroup(String groupId, PeerId self, Configuration peers, Path dataDir, RaftGroupOptions options,
              ReplicatedStateMachine machine, RpcServer rpcServer, Executor executor, MetricRegistry registry)
            throws IOException {
        this.groupId = groupId;
        this.self = self;
        this.bridge = new StateMachineBridge(groupId, machine);
        Files.createDirectories(dataDir);
        RaftLogFormat.checkAndMark(groupId, dataDir, machine.logFormat());
        NodeOptions nodeOptions = new NodeOptions();
        nodeOptions.setFsm(bridge);
        nodeOptions.setInitialConf(peers);
        nodeOptions.setLogUri(dataDir.resolve("log").toString());
        nodeOptions.setRaftMetaUri(dataDir.resolve("meta").toString());
        nodeOptions.setSnapshotUri(dataDir.resolve("snapshot").toString());
        nodeOptions.setElectionTimeoutMs((int) options.electionTimeout().toMillis());
        nodeOptions.setSnapshotIntervalSecs((int) Math.max(1, options.snapshotInterval().toSeconds()));
        // Many groups per process: share timers instead of four timer threads per group.
        nodeOptions.setSharedElectionTimer(true);
        nodeOptions.setSharedVoteTimer(true);
        nodeOptions.setSharedStepDownTimer(true);
        nodeOptions.setSharedSnapshotTimer(true);
        nodeOptions.setSharedTimerPool(true);
        nodeOptions.setEnableMetrics(false);
        RaftOptions raftOptions = new RaftOptions();
        raftOptions.setSync(options.sync());
        // jraft turns RocksDB statistics on by default: their histogram merges were 5 % of the
        // CPU of a metadata-create workload (perf, docs/benchmarks.md) and nothing reads them.
        raftOptions.setOpenStatistics(false);
        raftOptions.setMaxReplicatorInflightMsgs(options.maxInflight());
        raftOptions.setApplyBatch(options.applyBatch());
        raftOptions.setDisruptorBufferSize(options.disruptorBuffer());
        raftOptions.setMaxElectionDelayMs((int) options.maxElectionDelay().toMillis());
        nodeOptions.setRaftOptions(raftOptions);
        // Not RaftGroupService.shutdown() later: on a shared RPC server it unregisters the
        // address for every group of the process (shared/TECH-NOTES.md). We stop the node only.
        this.node = new RaftGroupService(groupId, self, nodeOptions, rpcServer, true).start(false);
        RaftMetrics metrics = new RaftMetrics(registry, groupId, bridge::isLeader, bridge::appliedIndex);
        bridge.setMetrics(metrics);
        this.batcher = new ProposalBatcher(node, options.commandsPerEntry(), options.entryBytes(), executor, metrics);
        // Nine tenths of an election timeout, as jraft's own lease reads (leaderLeaseTimeRatio 90).
        this.readLease = new LeaderReadLease(options.electionTimeout().toNanos() / 10 * 9, bridge::leaderTerm,
                this::readBarrier, System::nanoTime);
    }

    public String groupId() {
        return groupId;
    }

    public PeerId self() {
        return self;
    }

    /** Replicates {@code command}; completes with the state machine's result, or fails with a WfsException. */
    public CompletableFuture<Object> propose(byte[] command) {
        if (!bridge.isLeader()) {
            PeerId leader = node.getLeaderId();
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.NOT_LEADER,
                    "not the leader of " + groupId, leader == null || leader.isEmpty() ? null : leader.getEndpoint().toString(),
                    0, null));
        }
        Proposal p = new Proposal(command);
        batcher.propose(p);
        return p.result();
    }

    /**
     * Completes once this replica has applied everything the group committed before the call, as
     * confirmed through the current leader (jraft read index; on a follower too): a read of the
     * state machine after it is linearizable. A deposed leader, or a replica that lost its
     * leadership while working, would otherwise read a state missing the new leader's entries.
     */
    public CompletableFuture<Void> readBarrier() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        node.readIndex(new byte[0], new ReadIndexClosure() {
            @Override
            public void run(Status status, long index, byte[] requestContext) {
                if (status.isOk()) {
                    done.complete(null);
                } else {
                    done.completeExceptionally(new WfsException(WfsErrorCode.UNAVAILABLE,
                            "read index of " + groupId + " failed: " + status));
                }
            }
        });
        return done;
    }

    private static final CompletableFuture<Void> READ_NOW = CompletableFuture.completedFuture(null);

    /**
     * Completes when a read of this leader's state is linearizable: at once while its read lease
     * holds ({@link LeaderReadLease}), otherwise after a heartbeat round that renews it. Fails when
     * this replica cannot confirm its leadership (it was deposed, or cut off from its followers).
     */
    public CompletableFuture<Void> leaderRead() {
        if (readLease.holds()) {
            return READ_NOW;
        }
        // A renewal that started before this read, or took longer than a lease, may not cover it:
        // then a barrier of its own.
        return readLease.renew().thenCompose(renewed -> readLease.holds() ? READ_NOW : readBarrier());
    }

    /** True once this replica's state machine has started leading (all earlier entries applied). */
    public boolean isLeader() {
        return bridge.isLeader();
    }

    /** The leader this replica knows of, or null. */
    public PeerId leader() {
        PeerId leader = node.getLeaderId();
        return leader == null || leader.isEmpty() ? null : leader;
    }

    /**
     * The last log index applied, including the configuration entry a new leader commits (which
     * never reaches the state machine): a group with no commands yet still shows its leader ready.
     */
    public long appliedIndex() {
        return Math.max(bridge.appliedIndex(), node.getLastAppliedLogIndex());
    }

    /** Takes a snapshot now and waits for it. */
    public void snapshot() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Status[] result = new Status[1];
        node.snapshot(s -> {
            result[0] = s;
            done.countDown();
        });
        if (!done.await(5, TimeUnit.MINUTES) || !result[0].isOk()) {
            throw new IllegalStateException("snapshot of " + groupId + " failed: " + result[0]);
        }
    }

    /** Asks jraft to hand leadership to {@code peer} (for tests and rebalancing). */
    public Status transferLeadershipTo(PeerId peer) {
        return node.transferLeadershipTo(peer);
    }

    /**
     * Stops the replica. The join is bounded: with several replicas of one group in one JVM
     * (local clusters, tests), jraft 1.3.15 can leave a replica's state-machine shutdown waiting
     * forever; its threads are daemons, so giving up after a while costs nothing but a warning.
     */
    @Override
    public void close() throws InterruptedException {
        node.shutdown();
        Thread joiner = new Thread(() -> {
            try {
                node.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "raft-join-" + groupId);
        joiner.setDaemon(true);
        joiner.start();
        joiner.join(JOIN_TIMEOUT_MS);
        if (joiner.isAlive()) {
            LOG.warn("raft group {} did not finish stopping within {} ms; continuing", groupId, JOIN_TIMEOUT_MS);
        }
    }
}
