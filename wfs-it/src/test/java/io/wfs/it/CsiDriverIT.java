package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import csi.v1.Csi;
import csi.v1.Csi.VolumeCapability.AccessMode.Mode;
import io.grpc.StatusRuntimeException;
import io.wfs.common.testing.Await;
import io.wfs.fuse.WfsMount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The CSI driver as Kubernetes uses it: a real {@code bin/wfs csi} process on its real unix
 * socket, a real local cluster, and this test as kubelet and the provisioner. The volume's life
 * from CreateVolume to DeleteVolume with real FUSE and bind mounts, a FUSE process killed and
 * re-established, the plugin killed with SIGKILL and restarted under live pods, every call
 * repeated, and bad requests answered with the CSI spec's codes ({@link CsiBadRequests}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(240)
class CsiDriverIT {
    static final long UNIT = 4L << 20;
    static final long MIB = 1L << 20;

    private MiniCluster cluster;
    private CsiPluginProcess plugin;
    private Path whole;

    @BeforeAll
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().mounts(1).start();
        whole = cluster.mountPoint(0);
        plugin = new CsiPluginProcess(cluster.dir(), cluster.managerList(), cluster.localCluster().secretFile());
        plugin.start();
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (plugin != null) {
                plugin.cleanUp();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
        assertEquals("", plugin == null ? "" : plugin.mountsLeft(), "mounts left behind");
    }

    @Test
    @Order(1)
    void identityAnswers() {
        Csi.GetPluginInfoResponse info = plugin.client().identity().getPluginInfo(Csi.GetPluginInfoRequest.getDefaultInstance());
        assertEquals("csi.wfs.io", info.getName());
        assertFalse(info.getVendorVersion().isEmpty());
        Csi.GetPluginCapabilitiesResponse caps = plugin.client().identity()
                .getPluginCapabilities(Csi.GetPluginCapabilitiesRequest.getDefaultInstance());
        assertTrue(caps.getCapabilitiesList().stream().anyMatch(c -> c.getService().getType()
                == Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE));
        assertEquals("node-1", plugin.client().node().nodeGetInfo(Csi.NodeGetInfoRequest.getDefaultInstance()).getNodeId());
    }

    @Test
    @Order(2)
    void aVolumeFromCreationToDeletionSurvivingItsFuseProcessAndThePlugin() throws Exception {
        Path staging = plugin.kubelet().resolve("plugins/csi.wfs.io/pvc-1/globalmount");
        Path target = plugin.kubelet().resolve("pods/pod-a/volumes/pvc-1/mount");
        Path readOnlyTarget = plugin.kubelet().resolve("pods/pod-b/volumes/pvc-1/mount");

        Csi.Volume v = plugin.client().controller().createVolume(CsiRequests.create("pvc-1", UNIT)).getVolume();
        assertEquals("pvc-1", v.getVolumeId());
        assertEquals(UNIT, v.getCapacityBytes());
        assertEquals("/volumes/pvc-1", v.getVolumeContextMap().get("wfs.io/subdir"));
        assertEquals(v, plugin.client().controller().createVolume(CsiRequests.create("pvc-1", UNIT)).getVolume(), "idempotent");
        assertTrue(Files.isDirectory(whole.resolve("volumes/pvc-1")));
        // The volumes root spreads its volumes over the meta groups, whichever mount makes them.
        assertEquals(io.wfs.common.posix.DirectorySpread.ON, new String(cluster.mountClient(0).getxattr(io.wfs.client.Caller.ROOT,
                "/volumes", io.wfs.common.posix.DirectorySpread.name()), java.nio.charset.StandardCharsets.US_ASCII));
        // The volume's scoped credential travels in its context (the PV's volumeAttributes) to the node.
        assertEquals(Files.getAttribute(whole.resolve("volumes/pvc-1"), "unix:ino").toString(),
                v.getVolumeContextMap().get("wfs.io/scope-root-ino"));
        assertEquals("false", v.getVolumeContextMap().get("wfs.io/root-squash"));
        assertEquals(64, v.getVolumeContextMap().get("wfs.io/scope-key").length());

        for (int i = 0; i < 2; i++) {
            plugin.client().node().nodeStageVolume(CsiRequests.stage(v, staging));
        }
        assertTrue(WfsMount.isMounted(staging));
        long fusePid = plugin.fusePid("pvc-1");
        String fuseCommand = ProcessHandle.of(fusePid).orElseThrow().info().commandLine().orElse("");
        assertTrue(fuseCommand.contains("--credential") && !fuseCommand.contains("--secret-file"),
                "the volume's mount runs with its scoped credential, not the cluster secret: " + fuseCommand);
        for (int i = 0; i < 2; i++) {
            plugin.client().node().nodePublishVolume(CsiRequests.publish("pvc-1", staging, target, false));
        }
        plugin.client().node().nodePublishVolume(CsiRequests.publish("pvc-1", staging, readOnlyTarget, true));
        assertEquals(fusePid, plugin.fusePid("pvc-1"), "a repeated stage starts no second mount");

        Files.writeString(target.resolve("data.txt"), "written in the pod");
        Await.until(Duration.ofSeconds(10), () -> Files.exists(whole.resolve("volumes/pvc-1/data.txt")),
                "the pod's file at the volume's directory on another mount");
        assertEquals("written in the pod", Files.readString(whole.resolve("volumes/pvc-1/data.txt")));
        assertEquals("written in the pod", Files.readString(readOnlyTarget.resolve("data.txt")));
        assertThrows(IOException.class, () -> Files.writeString(readOnlyTarget.resolve("no.txt"), "x"), "read-only publish");
        StatusRuntimeException otherMode = assertThrows(StatusRuntimeException.class,
                () -> plugin.client().node().nodePublishVolume(CsiRequests.publish("pvc-1", staging, target, true)));
        assertEquals(io.grpc.Status.Code.ALREADY_EXISTS, otherMode.getStatus().getCode());

        Csi.NodeGetVolumeStatsResponse stats = plugin.client().node().nodeGetVolumeStats(CsiRequests.stats("pvc-1", target));
        assertFalse(stats.getVolumeCondition().getAbnormal());
        assertEquals(4096, stats.getUsage(0).getUsed(), "bytes from the quota, in 4 KiB units");
        assertEquals(UNIT, stats.getUsage(0).getTotal(), "the volume's size is its quota");
        assertEquals(2, stats.getUsage(1).getUsed(), "inodes: the root and the file");

        // The quota holds in the pod: a write past it is refused, and df shows the volume's size.
        assertEquals(UNIT, Files.getFileStore(target).getTotalSpace(), "df in the pod");
        plugin.client().controller().controllerExpandVolume(CsiRequests.expand("pvc-1", 2 * UNIT));
        IOException overQuota = assertThrows(IOException.class, () -> writeMib(target.resolve("big"), 9));
        assertTrue(String.valueOf(overQuota.getMessage()).contains("quota"), "EDQUOT: " + overQuota);
        Files.delete(target.resolve("big"));
        stats = plugin.client().node().nodeGetVolumeStats(CsiRequests.stats("pvc-1", target));
        assertTrue(stats.getUsage(0).getUsed() <= 4096, "the refused file's space is back: " + stats.getUsage(0).getUsed());

        assertEquals(3 * UNIT, plugin.client().controller().controllerExpandVolume(CsiRequests.expand("pvc-1", 3 * UNIT))
                .getCapacityBytes());
        assertEquals(3 * UNIT, plugin.client().controller().controllerExpandVolume(CsiRequests.expand("pvc-1", UNIT))
                .getCapacityBytes(), "never shrinks");
        assertEquals(3 * UNIT, plugin.client().controller().createVolume(CsiRequests.create("pvc-1", 3 * UNIT)).getVolume()
                .getCapacityBytes(), "the expanded size is what the volume records");
        assertEquals(3 * UNIT, plugin.client().node().nodeExpandVolume(CsiRequests.nodeExpand("pvc-1", target, 3 * UNIT))
                .getCapacityBytes());
        writeMib(target.resolve("big"), 9);
        stats = plugin.client().node().nodeGetVolumeStats(CsiRequests.stats("pvc-1", target));
        assertEquals(3 * UNIT, stats.getUsage(0).getTotal());
        assertEquals(9 * MIB + 4096, stats.getUsage(0).getUsed(), "after the expand the write fits");
        Files.delete(target.resolve("big"));

        // The volume's FUSE process dies: the pods' mounts go dead, and a publish re-establishes them.
        ProcessHandle.of(fusePid).orElseThrow().destroyForcibly();
        Await.until(Duration.ofSeconds(20), () -> !readable(target), "the bind mount of a dead FUSE process fails");
        assertTrue(plugin.client().node().nodeGetVolumeStats(CsiRequests.stats("pvc-1", target)).getVolumeCondition()
                .getAbnormal());
        plugin.client().node().nodePublishVolume(CsiRequests.publish("pvc-1", staging, target, false));
        assertEquals("written in the pod", Files.readString(target.resolve("data.txt")));
        long newPid = plugin.fusePid("pvc-1");
        assertNotEquals(fusePid, newPid);

        // The node plugin is killed and restarted: the mounts stay, and the dead read-only one is bound again.
        plugin.kill();
        assertTrue(ProcessHandle.of(newPid).map(ProcessHandle::isAlive).orElse(false), "the FUSE process outlives the plugin");
        Files.writeString(target.resolve("while-down.txt"), "the plugin is down");
        plugin.start();
        Await.until(Duration.ofSeconds(30), () -> plugin.client().identity().probe(Csi.ProbeRequest.getDefaultInstance())
                .getReady().getValue(), "the restarted plugin is ready");
        assertEquals("the plugin is down", Files.readString(readOnlyTarget.resolve("while-down.txt")));
        plugin.client().node().nodeStageVolume(CsiRequests.stage(v, staging));
        plugin.client().node().nodePublishVolume(CsiRequests.publish("pvc-1", staging, target, false));
        assertEquals(newPid, plugin.fusePid("pvc-1"), "the restarted plugin found the live mount");
        assertEquals("written in the pod", Files.readString(target.resolve("data.txt")));

        for (int i = 0; i < 2; i++) {
            plugin.client().node().nodeUnpublishVolume(CsiRequests.unpublish("pvc-1", target));
            plugin.client().node().nodeUnpublishVolume(CsiRequests.unpublish("pvc-1", readOnlyTarget));
        }
        assertFalse(WfsMount.isMounted(target) || WfsMount.isMounted(readOnlyTarget));
        assertFalse(Files.exists(target), "the target the plugin made is removed");
        for (int i = 0; i < 2; i++) {
            plugin.client().node().nodeUnstageVolume(CsiRequests.unstage("pvc-1", staging));
        }
        assertFalse(WfsMount.isMounted(staging));
        Await.until(Duration.ofSeconds(30), () -> ProcessHandle.of(newPid).isEmpty()
                || !ProcessHandle.of(newPid).get().isAlive(), "the volume's FUSE process ends at unstage");
        assertEquals("", plugin.mountsLeft());

        for (int i = 0; i < 2; i++) {
            plugin.client().controller().deleteVolume(Csi.DeleteVolumeRequest.newBuilder().setVolumeId("pvc-1").build());
        }
        Await.until(Duration.ofSeconds(10), () -> !Files.exists(whole.resolve("volumes/pvc-1")), "the volume's directory goes");
    }

    @Test
    @Order(3)
    void aStorageClassAskingForRootSquashGetsVolumesWhereRootIsNobody() throws Exception {
        Path staging = plugin.kubelet().resolve("plugins/csi.wfs.io/pvc-sq/globalmount");
        Path target = plugin.kubelet().resolve("pods/pod-sq/volumes/pvc-sq/mount");
        Csi.Volume v = plugin.client().controller().createVolume(CsiRequests.create("pvc-sq", UNIT,
                java.util.Map.of("rootSquash", "true"))).getVolume();
        assertEquals("true", v.getVolumeContextMap().get("wfs.io/root-squash"));
        plugin.client().node().nodeStageVolume(CsiRequests.stage(v, staging));
        plugin.client().node().nodePublishVolume(CsiRequests.publish("pvc-sq", staging, target, false));
        Files.writeString(target.resolve("by-root.txt"), "root in the pod");
        assertEquals(65534, Files.getAttribute(whole.resolve("volumes/pvc-sq/by-root.txt"), "unix:uid"));
        plugin.client().node().nodeUnpublishVolume(CsiRequests.unpublish("pvc-sq", target));
        plugin.client().node().nodeUnstageVolume(CsiRequests.unstage("pvc-sq", staging));
        plugin.client().controller().deleteVolume(Csi.DeleteVolumeRequest.newBuilder().setVolumeId("pvc-sq").build());
        assertEquals("", plugin.mountsLeft());
    }

    @Test
    @Order(4)
    void badRequestsGetTheSpecsCodes() throws Exception {
        new CsiBadRequests(plugin.client(), plugin.kubelet()).assertAll();
    }

    /** A sparse-free file of {@code mib} MiB written through the pod's mount. */
    private static void writeMib(Path file, int mib) throws IOException {
        byte[] chunk = new byte[(int) MIB];
        try (var out = Files.newOutputStream(file)) {
            for (int i = 0; i < mib; i++) {
                out.write(chunk);
            }
        }
    }

    private static boolean readable(Path dir) {
        try (var s = Files.list(dir)) {
            s.count();
            return true;
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }
}
