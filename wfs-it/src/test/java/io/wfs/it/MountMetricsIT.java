package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.client.ClientConfigKeys;
import io.wfs.fuse.WfsMount;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code wfs mount} process serves its own registry (RPC client, FUSE, JVM) on
 * {@code client.metrics-port} (docs/metrics.md): where a user's latency is felt. A port it cannot
 * bind stops the mount with a clear error and leaves nothing mounted.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MountMetricsIT {
    private static final Pattern URL = Pattern.compile("wfs mount ready: .* metrics=(http://\\S+/metrics)");

    @Test
    void aMountServesItsMetricsOnTheAskedPortAndRefusesToStartOnATakenOne() throws Exception {
        try (MiniCluster cluster = ManagerTopology.processClusterWithFastFailover().start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            view.awaitLedAndWritable();
            ProcessMount mount = cluster.mountProcess(Map.of(ClientConfigKeys.METRICS_PORT.name(), "0"));
            Matcher ready = URL.matcher(Files.readString(mount.process().log()));
            assertTrue(ready.find(), "the ready line names the metrics address");
            String endpoint = ready.group(1);
            Path d = mount.mountPoint().resolve("d");
            Files.createDirectories(d);
            Files.writeString(d.resolve("f"), "seen by the mount's own timers");
            assertTrue(Files.readString(d.resolve("f")).startsWith("seen"));
            // A mkdir in the root goes to the servers (the root spreads its subdirectories over the groups).
            assertTrue(LocalCommandIT.metric(endpoint, "rpc_client_mkdir_latency_count") >= 1, "the mount's mkdir is counted");
            assertTrue(LocalCommandIT.metric(endpoint, "fuse_errors_unexpected") == 0, "FUSE metrics are served");
            assertTrue(LocalCommandIT.metric(endpoint, "jvm_memory_heap_used") > 0, "JVM metrics are served");

            try (ServerSocket taken = new ServerSocket(0)) {
                IllegalStateException refused = assertThrows(IllegalStateException.class, () -> cluster.mountProcess(
                        Map.of(ClientConfigKeys.METRICS_PORT.name(), Integer.toString(taken.getLocalPort()))));
                assertTrue(refused.getMessage().contains("cannot serve metrics"), refused.getMessage());
            }
            assertFalse(WfsMount.isMounted(cluster.dir().resolve("pmnt1")), "the refused mount left nothing mounted");
        }
    }
}
