package io.wfs.csi;

import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.stringKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.time.Duration;
import java.util.List;

/** Keys of {@code wfs csi}, the CSI driver (the command line sets the first ones; the rest have defaults). */
public final class CsiConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> ENDPOINT = stringKey("csi.endpoint", "unix:///csi/csi.sock",
            "The unix socket the CSI services listen on (unix:///path), as kubelet and the sidecars expect it.");
    public static final ConfigKey<String> NODE_ID = stringKey("csi.node-id", "",
            "This node's name in NodeGetInfo (the Kubernetes node name); required for the node role.");
    public static final ConfigKey<String> ROLE = stringKey("csi.role", "all",
            "Which services run besides Identity: controller, node, or all.");
    public static final ConfigKey<String> VOLUMES_ROOT = stringKey("csi.volumes-root", "/volumes",
            "The directory of the cluster under which CreateVolume makes one directory per volume.");
    public static final ConfigKey<String> RETENTION_DIR = stringKey("csi.retention-dir", "",
            "When set, DeleteVolume moves the volume's directory here (renamed <id>.<millis>) instead of removing it.");
    public static final ConfigKey<String> STATE_DIR = stringKey("csi.state-dir", "/var/lib/wfs-csi",
            "The node's local folder of staged volumes (pid, staging path, published targets, mount log); it must "
                    + "outlive the node plugin (a hostPath in Kubernetes) so a restarted plugin finds its mounts.");
    public static final ConfigKey<String> MOUNT_HEAP = stringKey("csi.mount-heap", "256m",
            "WFS_HEAP of each volume's wfs mount process.");
    public static final ConfigKey<Duration> MOUNT_READY_TIMEOUT = durationKey("csi.mount-ready-timeout",
            Duration.ofSeconds(60), "How long NodeStageVolume waits for a volume's FUSE mount to answer.");

    @Override
    public String module() {
        return "csi";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(ENDPOINT, NODE_ID, ROLE, VOLUMES_ROOT, RETENTION_DIR, STATE_DIR, MOUNT_HEAP, MOUNT_READY_TIMEOUT);
    }
}
