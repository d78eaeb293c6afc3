package io.wfs.it;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.Credential;
import io.wfs.fuse.WfsFuse;
import io.wfs.fuse.WfsMount;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The FUSE mounts of a {@link MiniCluster}, in this JVM: mount {@code i} is at {@code mnt<i>}
 * under the cluster folder, through its own {@link WfsClient} booted from the managers.
 * {@link #close()} unmounts each and closes its client, before the cluster stops its nodes.
 */
final class ClusterMounts implements AutoCloseable {
    private final Path dir;
    private final String managerList;
    private final ClusterSecret secret;
    private final List<WfsClient> clients = new ArrayList<>();
    private final List<WfsMount> mounts = new ArrayList<>();
    private final List<MetricRegistry> clientMetrics = new ArrayList<>();
    /** The client.subdir of each mount ("/" for the whole file system). */
    private final List<String> subdirs = new ArrayList<>();
    /** What each mount authenticates with: the cluster secret, or a volume's scoped credential. */
    private final List<Credential> credentials = new ArrayList<>();
    /** Client settings of each mount on top of the defaults (e.g. a read cache folder). */
    private final List<UnaryOperator<WfsConfig>> settings = new ArrayList<>();
    private final boolean uncached;

    ClusterMounts(Path dir, String managerList, ClusterSecret secret, boolean uncached) {
        this.dir = dir;
        this.uncached = uncached;
        this.managerList = managerList;
        this.secret = secret;
    }

    /** Mounts one more client at {@code mnt<n>}. */
    void add() throws IOException {
        add("/");
    }

    /** Mounts one more client at {@code mnt<n>}, rooted at the cluster's directory {@code subdir}; returns n. */
    int add(String subdir) throws IOException {
        return add(subdir, secret);
    }

    /** Mounts one more client at {@code mnt<n>} with {@code credential} (a scoped one: its volume is the root); returns n. */
    int add(String subdir, Credential credential) throws IOException {
        return add(subdir, credential, UnaryOperator.identity());
    }

    /** Mounts one more client at {@code mnt<n>} with {@code extra} applied to its configuration; returns n. */
    int add(String subdir, Credential credential, UnaryOperator<WfsConfig> extra) throws IOException {
        subdirs.add(subdir);
        settings.add(extra);
        credentials.add(credential);
        clients.add(null);
        mounts.add(null);
        clientMetrics.add(null);
        mount(mounts.size() - 1);
        return mounts.size() - 1;
    }

    private void mount(int i) throws IOException {
        // Heartbeats well inside the meta nodes' 3 s re-announce window (NodeConfigFiles).
        MetricRegistry metrics = new MetricRegistry();
        WfsConfig config = WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, managerList)
                .with(ClientConfigKeys.SESSION_HEARTBEAT, java.time.Duration.ofSeconds(1))
                .with(ClientConfigKeys.SUBDIR, subdirs.get(i));
        if (uncached) {
            config = config.with(ClientConfigKeys.ATTR_TTL, java.time.Duration.ZERO)
                    .with(ClientConfigKeys.KERNEL_ATTR_TIMEOUT, java.time.Duration.ZERO)
                    .with(ClientConfigKeys.KERNEL_ENTRY_TIMEOUT, java.time.Duration.ZERO);
        }
        config = settings.get(i).apply(config);
        List<String> options = WfsMount.kernelCacheOptions(config);
        WfsClient client = new WfsClient(config, credentials.get(i), metrics);
        clients.set(i, client);
        clientMetrics.set(i, metrics);
        mounts.set(i, WfsMount.mount(new WfsFuse(client, new MetricRegistry(), config.get(ClientConfigKeys.FUSE_THREADS)),
                mountPoint(i), options));
    }

    /** Unmounts mount {@code i} and closes its client (its folder stays); null afterwards. */
    void close(int i) {
        unmount(i);
    }

    /** Unmounts mount {@code i} and closes its client, then mounts it again with a new client. */
    void remount(int i) throws IOException {
        unmount(i);
        mount(i);
    }

    private void unmount(int i) {
        if (mounts.get(i) != null) {
            mounts.get(i).close();
            mounts.set(i, null);
        }
        if (clients.get(i) != null) {
            clients.get(i).close();
            clients.set(i, null);
        }
    }

    Path mountPoint(int i) {
        return dir.resolve("mnt" + i);
    }

    WfsClient client(int i) {
        return clients.get(i);
    }

    /** The metrics of mount {@code i}'s client (its RPC calls by type, docs/metrics.md). */
    MetricRegistry clientMetrics(int i) {
        return clientMetrics.get(i);
    }

    @Override
    public void close() {
        for (int i = 0; i < mounts.size(); i++) {
            unmount(i);
        }
    }
}
