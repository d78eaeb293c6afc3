package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import csi.v1.Csi;
import csi.v1.Csi.VolumeCapability.AccessMode.Mode;
import io.grpc.Status.Code;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The table of bad CSI requests and the gRPC code the spec gives each; every row is sent to the real plugin. */
final class CsiBadRequests {
    private final CsiSocketClient csi;
    private final Path kubelet;
    private final Map<String, Row> rows = new LinkedHashMap<>();

    private record Row(Code expected, Runnable call) {
    }

    CsiBadRequests(CsiSocketClient csi, Path kubelet) {
        this.csi = csi;
        this.kubelet = kubelet;
        controllerRows();
        nodeRows();
    }

    private void controllerRows() {
        Csi.CreateVolumeRequest ok = CsiRequests.create("pvc-bad", 1 << 20);
        row("CreateVolume without a name", Code.INVALID_ARGUMENT, () -> csi.controller().createVolume(ok.toBuilder().setName("").build()));
        row("CreateVolume with a name that is a path", Code.INVALID_ARGUMENT,
                () -> csi.controller().createVolume(ok.toBuilder().setName("../etc").build()));
        row("CreateVolume without capabilities", Code.INVALID_ARGUMENT,
                () -> csi.controller().createVolume(ok.toBuilder().clearVolumeCapabilities().build()));
        row("CreateVolume for raw block", Code.INVALID_ARGUMENT, () -> csi.controller().createVolume(ok.toBuilder()
                .clearVolumeCapabilities().addVolumeCapabilities(Csi.VolumeCapability.newBuilder()
                        .setBlock(Csi.VolumeCapability.BlockVolume.getDefaultInstance())
                        .setAccessMode(CsiRequests.rwx().getAccessMode())).build()));
        row("CreateVolume with required above limit", Code.OUT_OF_RANGE, () -> csi.controller().createVolume(ok.toBuilder()
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(2 << 20).setLimitBytes(1 << 20)).build()));
        row("CreateVolume from a snapshot", Code.INVALID_ARGUMENT, () -> csi.controller().createVolume(ok.toBuilder()
                .setVolumeContentSource(Csi.VolumeContentSource.newBuilder().setSnapshot(
                        Csi.VolumeContentSource.SnapshotSource.newBuilder().setSnapshotId("s1"))).build()));
        row("CreateVolume again with another size", Code.ALREADY_EXISTS, () -> {
            csi.controller().createVolume(ok);
            csi.controller().createVolume(CsiRequests.create("pvc-bad", 2 << 20));
        });
        row("CreateVolume with a rootSquash that is not true or false", Code.INVALID_ARGUMENT, () -> csi.controller()
                .createVolume(CsiRequests.create("pvc-bad", 1 << 20, java.util.Map.of("rootSquash", "yes"))));
        row("DeleteVolume without an id", Code.INVALID_ARGUMENT,
                () -> csi.controller().deleteVolume(Csi.DeleteVolumeRequest.getDefaultInstance()));
        row("ControllerExpandVolume of a missing volume", Code.NOT_FOUND,
                () -> csi.controller().controllerExpandVolume(CsiRequests.expand("pvc-none", 1 << 20)));
        row("ControllerExpandVolume without a capacity", Code.INVALID_ARGUMENT, () -> csi.controller()
                .controllerExpandVolume(Csi.ControllerExpandVolumeRequest.newBuilder().setVolumeId("pvc-bad").build()));
        row("ValidateVolumeCapabilities of a missing volume", Code.NOT_FOUND, () -> csi.controller()
                .validateVolumeCapabilities(Csi.ValidateVolumeCapabilitiesRequest.newBuilder().setVolumeId("pvc-none")
                        .addVolumeCapabilities(CsiRequests.rwx()).build()));
        row("ListVolumes (not offered)", Code.UNIMPLEMENTED,
                () -> csi.controller().listVolumes(Csi.ListVolumesRequest.getDefaultInstance()));
    }

    private void nodeRows() {
        Path staging = kubelet.resolve("plugins/bad/globalmount");
        Path target = kubelet.resolve("pods/bad/mount");
        Csi.NodeStageVolumeRequest stage = CsiRequests.stage("pvc-bad", staging);
        row("NodeStageVolume without a staging path", Code.INVALID_ARGUMENT,
                () -> csi.node().nodeStageVolume(stage.toBuilder().clearStagingTargetPath().build()));
        row("NodeStageVolume with a relative staging path", Code.INVALID_ARGUMENT,
                () -> csi.node().nodeStageVolume(stage.toBuilder().setStagingTargetPath("relative/path").build()));
        row("NodeStageVolume without a capability", Code.INVALID_ARGUMENT,
                () -> csi.node().nodeStageVolume(stage.toBuilder().clearVolumeCapability().build()));
        row("NodeStageVolume without an access mode", Code.INVALID_ARGUMENT, () -> csi.node().nodeStageVolume(
                stage.toBuilder().setVolumeCapability(CsiRequests.mount(Mode.UNKNOWN)).build()));
        row("NodeStageVolume with a credential in its context that lacks its key", Code.INVALID_ARGUMENT, () -> csi.node()
                .nodeStageVolume(stage.toBuilder().putVolumeContext("wfs.io/scope-root-ino", "12345").build()));
        row("NodeStageVolume of a volume that does not exist", Code.NOT_FOUND,
                () -> csi.node().nodeStageVolume(CsiRequests.stage("pvc-none", kubelet.resolve("plugins/none/globalmount"))));
        row("NodePublishVolume of a volume not staged", Code.FAILED_PRECONDITION,
                () -> csi.node().nodePublishVolume(CsiRequests.publish("pvc-bad", staging, target, false)));
        row("NodePublishVolume without a target", Code.INVALID_ARGUMENT, () -> csi.node().nodePublishVolume(
                CsiRequests.publish("pvc-bad", staging, target, false).toBuilder().clearTargetPath().build()));
        row("NodeUnpublishVolume without an id", Code.INVALID_ARGUMENT,
                () -> csi.node().nodeUnpublishVolume(CsiRequests.unpublish("", target)));
        row("NodeUnstageVolume without a staging path", Code.INVALID_ARGUMENT, () -> csi.node().nodeUnstageVolume(
                Csi.NodeUnstageVolumeRequest.newBuilder().setVolumeId("pvc-bad").build()));
        row("NodeGetVolumeStats of a path that is no mount", Code.NOT_FOUND,
                () -> csi.node().nodeGetVolumeStats(CsiRequests.stats("pvc-bad", kubelet)));
        row("NodeExpandVolume of a path that is no mount", Code.NOT_FOUND,
                () -> csi.node().nodeExpandVolume(CsiRequests.nodeExpand("pvc-bad", kubelet, 1 << 20)));
    }

    private void row(String what, Code expected, Runnable call) {
        rows.put(what, new Row(expected, call));
    }

    /** Sends every row; fails listing each row whose answer was not its code. */
    void assertAll() {
        List<String> wrong = new ArrayList<>();
        rows.forEach((what, row) -> {
            try {
                row.call().run();
                wrong.add(what + ": succeeded, expected " + row.expected());
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != row.expected()) {
                    wrong.add(what + ": " + e.getStatus() + ", expected " + row.expected());
                }
            }
        });
        csi.controller().deleteVolume(Csi.DeleteVolumeRequest.newBuilder().setVolumeId("pvc-bad").build());
        if (!wrong.isEmpty()) {
            fail(String.join("\n", wrong));
        }
        assertEquals(25, rows.size());
    }
}
