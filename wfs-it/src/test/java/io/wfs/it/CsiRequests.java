package io.wfs.it;

import csi.v1.Csi;
import csi.v1.Csi.VolumeCapability.AccessMode.Mode;
import java.nio.file.Path;

/** CSI requests as kubelet and the external-provisioner/resizer send them. */
final class CsiRequests {
    private CsiRequests() {
    }

    static Csi.VolumeCapability mount(Mode mode) {
        return Csi.VolumeCapability.newBuilder().setMount(Csi.VolumeCapability.MountVolume.getDefaultInstance())
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder().setMode(mode)).build();
    }

    static Csi.VolumeCapability rwx() {
        return mount(Mode.MULTI_NODE_MULTI_WRITER);
    }

    static Csi.CreateVolumeRequest create(String name, long bytes) {
        return Csi.CreateVolumeRequest.newBuilder().setName(name).addVolumeCapabilities(rwx())
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(bytes)).build();
    }

    static Csi.ControllerExpandVolumeRequest expand(String id, long bytes) {
        return Csi.ControllerExpandVolumeRequest.newBuilder().setVolumeId(id)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(bytes)).build();
    }

    static Csi.NodeStageVolumeRequest stage(String id, Path staging) {
        return Csi.NodeStageVolumeRequest.newBuilder().setVolumeId(id).setStagingTargetPath(staging.toString())
                .setVolumeCapability(rwx()).build();
    }

    /** As kubelet stages a volume: with the volume context CreateVolume answered (the PV's volumeAttributes). */
    static Csi.NodeStageVolumeRequest stage(Csi.Volume volume, Path staging) {
        return stage(volume.getVolumeId(), staging).toBuilder().putAllVolumeContext(volume.getVolumeContextMap()).build();
    }

    /** A CreateVolume as the provisioner sends it for a StorageClass with these parameters. */
    static Csi.CreateVolumeRequest create(String name, long bytes, java.util.Map<String, String> parameters) {
        return create(name, bytes).toBuilder().putAllParameters(parameters).build();
    }

    static Csi.NodePublishVolumeRequest publish(String id, Path staging, Path target, boolean readOnly) {
        return Csi.NodePublishVolumeRequest.newBuilder().setVolumeId(id).setStagingTargetPath(staging.toString())
                .setTargetPath(target.toString()).setVolumeCapability(rwx()).setReadonly(readOnly).build();
    }

    static Csi.NodeUnpublishVolumeRequest unpublish(String id, Path target) {
        return Csi.NodeUnpublishVolumeRequest.newBuilder().setVolumeId(id).setTargetPath(target.toString()).build();
    }

    static Csi.NodeUnstageVolumeRequest unstage(String id, Path staging) {
        return Csi.NodeUnstageVolumeRequest.newBuilder().setVolumeId(id).setStagingTargetPath(staging.toString()).build();
    }

    static Csi.NodeGetVolumeStatsRequest stats(String id, Path path) {
        return Csi.NodeGetVolumeStatsRequest.newBuilder().setVolumeId(id).setVolumePath(path.toString()).build();
    }

    static Csi.NodeExpandVolumeRequest nodeExpand(String id, Path path, long bytes) {
        return Csi.NodeExpandVolumeRequest.newBuilder().setVolumeId(id).setVolumePath(path.toString())
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(bytes)).build();
    }
}
