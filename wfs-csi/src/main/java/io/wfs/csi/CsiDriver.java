package io.wfs.csi;

import com.codahale.metrics.MetricRegistry;
import io.grpc.BindableService;
import io.wfs.client.WfsClient;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.client.ClientConfigKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code wfs csi}: the services of csi.role on the socket of csi.endpoint. The controller talks to
 * the cluster through a {@link WfsClient}; the node starts {@code wfs mount} processes with
 * {@code launcher} and, once serving, re-establishes what an earlier plugin had staged.
 */
public final class CsiDriver implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CsiDriver.class);

    private final WfsClient client;
    private final CsiServer server;
    private final AtomicBoolean ready = new AtomicBoolean();

    /** {@code secret}: the cluster secret, needed by the controller role only (null for a node alone). */
    public CsiDriver(WfsConfig config, ClusterSecret secret, Path launcher, MetricRegistry registry) throws IOException {
        String role = config.get(CsiConfigKeys.ROLE);
        if (!List.of("all", "controller", "node").contains(role)) {
            throw new IllegalArgumentException("csi.role is all, controller or node, not " + role);
        }
        boolean controller = !role.equals("node");
        boolean node = !role.equals("controller");
        Path socket = CsiEndpoint.socketPath(config.get(CsiConfigKeys.ENDPOINT));
        String nodeId = config.get(CsiConfigKeys.NODE_ID);
        if (node && nodeId.isBlank()) {
            throw new IllegalArgumentException("the node role needs csi.node-id (--node-id)");
        }
        if (node && !java.nio.file.Files.isExecutable(launcher)) {
            throw new IllegalArgumentException(launcher + " is not executable: the node role starts volumes' mounts with "
                    + "bin/wfs; run wfs csi through bin/wfs of the distribution");
        }
        if (controller && secret == null) {
            throw new IllegalArgumentException("the controller role needs the cluster secret (--secret-file)");
        }
        CsiCalls calls = new CsiCalls();
        List<BindableService> services = new ArrayList<>();
        services.add(new IdentityService(controller, ready::get, calls));
        client = controller ? new WfsClient(config, secret, registry) : null;
        NodeService nodeService = null;
        try {
            if (controller) {
                services.add(new ControllerService(new VolumeDirectories(client, client.quotas(), config.get(CsiConfigKeys.VOLUMES_ROOT),
                        config.get(CsiConfigKeys.RETENTION_DIR)), calls, client.credentials()::issue));
            }
            if (node) {
                NodeState state = new NodeState(Path.of(config.get(CsiConfigKeys.STATE_DIR)));
                VolumeMountProcesses.Launch launch = new VolumeMountProcesses.Launch(launcher,
                        config.get(ClientConfigKeys.MANAGERS), secretFile(config),
                        config.get(CsiConfigKeys.MOUNT_HEAP), config.get(CsiConfigKeys.MOUNT_READY_TIMEOUT));
                nodeService = new NodeService(nodeId, config.get(CsiConfigKeys.VOLUMES_ROOT),
                        new VolumeMountProcesses(launch, state), state, calls);
                services.add(nodeService);
            }
            server = new CsiServer(socket, services);
        } catch (IOException | RuntimeException e) {
            if (client != null) {
                client.close();
            }
            throw e;
        }
        if (nodeService != null) {
            recoverInBackground(nodeService);
        } else {
            ready.set(true);
        }
        LOG.info("CSI driver {} ({}) serving on {}", IdentityService.DRIVER_NAME, role, socket);
    }

    /** The node's cluster secret file, for volumes without a scoped credential; null when it has none. */
    private static Path secretFile(WfsConfig config) {
        String f = config.get(CommonConfigKeys.SECRET_FILE);
        return f == null || f.isBlank() ? null : Path.of(f);
    }

    /** Probe answers not-ready until the node has looked at the volumes an earlier plugin staged. */
    private void recoverInBackground(NodeService node) {
        Thread t = new Thread(() -> {
            try {
                node.recover();
            } catch (RuntimeException e) {
                LOG.error("re-establishing the staged volumes failed; NodeStage/NodePublish will retry each", e);
            }
            ready.set(true);
        }, "csi-recover");
        t.setDaemon(true);
        t.start();
    }

    public void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    @Override
    public void close() {
        server.close();
        if (client != null) {
            client.close();
        }
    }
}
