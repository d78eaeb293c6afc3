package io.wfs.raft;

import com.alipay.sofa.jraft.conf.Configuration;
import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.rpc.RaftRpcServerFactory;
import com.alipay.sofa.jraft.rpc.RpcServer;
import com.alipay.sofa.jraft.storage.impl.RocksDBLogStorage;
import com.alipay.sofa.jraft.util.Endpoint;
import com.alipay.sofa.jraft.util.StorageOptionsFactory;
import com.codahale.metrics.MetricRegistry;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.rocksdb.ColumnFamilyOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Raft side of one process: one shared jraft RPC server (one port) for all the groups
 * this process hosts, and the groups themselves, each with its data under {@code dataDir/<group>}.
 */
public final class RaftNodeHost implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RaftNodeHost.class);
    private static boolean rocksDbTuned;

    private final Endpoint endpoint;
    private final Path dataDir;
    private final RaftGroupOptions options;
    private final MetricRegistry registry;
    private final RpcServer rpcServer;
    private final ExecutorService proposalExecutor;
    private final List<RaftGroup> groups = new ArrayList<>();

    public RaftNodeHost(Endpoint endpoint, Path dataDir, RaftGroupOptions options, MetricRegistry registry) {
        JraftSignals.keepTheJvmHandler();
        this.endpoint = endpoint;
        this.dataDir = dataDir;
        this.options = options;
        this.registry = registry;
        tuneRocksDb(options.rocksdbWriteBuffer());
        this.rpcServer = RaftRpcServerFactory.createRaftRpcServer(endpoint);
        if (!rpcServer.init(null)) {
            throw new IllegalStateException("cannot start the Raft RPC server on " + endpoint);
        }
        this.proposalExecutor = Executors.newCachedThreadPool(new DefaultThreadFactory("raft-propose", true));
    }

    /** jraft's log options are process-wide statics: set them once, before the first group. */
    private static synchronized void tuneRocksDb(long writeBuffer) {
        if (rocksDbTuned) {
            return;
        }
        ColumnFamilyOptions cf = StorageOptionsFactory.getDefaultRocksDBColumnFamilyOptions();
        cf.setWriteBufferSize(writeBuffer);
        cf.setMaxWriteBufferNumber(2);
        StorageOptionsFactory.registerRocksDBColumnFamilyOptions(RocksDBLogStorage.class, cf);
        rocksDbTuned = true;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** Starts this process's replica of {@code groupId} with the given initial peers. */
    public synchronized RaftGroup startGroup(String groupId, List<PeerId> peers, ReplicatedStateMachine machine)
            throws IOException {
        RaftGroup group = new RaftGroup(groupId, new PeerId(endpoint, 0), new Configuration(peers),
                dataDir.resolve(groupId), options, machine, rpcServer, proposalExecutor, registry);
        groups.add(group);
        return group;
    }

    @Override
    public synchronized void close() {
        for (RaftGroup g : groups) {
            try {
                g.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.warn("stopping group {} failed", g.groupId(), e);
            }
        }
        groups.clear();
        rpcServer.shutdown();
        proposalExecutor.shutdownNow();
    }
}
