package io.wfs.csi;

import csi.v1.Csi;
import csi.v1.Csi.NodeServiceCapability.RPC.Type;
import csi.v1.Csi.VolumeCapability.AccessMode.Mode;
import csi.v1.NodeGrpc;
import io.grpc.stub.StreamObserver;
import io.wfs.common.rpc.auth.ScopedCredential;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CSI Node service: NodeStage is one detached FUSE mount of the volume's directory at the
 * staging path, NodePublish a bind mount of it into the pod's target path (read-only when asked).
 * Every call looks at the kernel's mount table first, so a repeated call is a no-op, a live mount
 * left by an earlier plugin is used as it is, and a dead one is re-established.
 */
final class NodeService extends NodeGrpc.NodeImplBase {
    private final String nodeId;
    private final String volumesRoot;
    private final VolumeMountProcesses mounts;
    private final NodeState state;
    private final CsiCalls calls;

    NodeService(String nodeId, String volumesRoot, VolumeMountProcesses mounts, NodeState state, CsiCalls calls) {
        this.nodeId = nodeId;
        this.volumesRoot = volumesRoot.endsWith("/") ? volumesRoot.substring(0, volumesRoot.length() - 1) : volumesRoot;
        this.mounts = mounts;
        this.state = state;
        this.calls = calls;
    }

    @Override
    public void nodeStageVolume(Csi.NodeStageVolumeRequest r, StreamObserver<Csi.NodeStageVolumeResponse> out) {
        calls.answer("NodeStageVolume", out, () -> {
            String id = VolumeRequests.volumeId(r.getVolumeId());
            Path staging = Path.of(VolumeRequests.path(r.getStagingTargetPath(), "staging_target_path"));
            VolumeRequests.capabilityRequired(r.hasVolumeCapability(), r.getVolumeCapability());
            ScopedCredential credential = VolumeCredentials.fromContext(r.getVolumeContextMap(), volumesRoot + "/" + id);
            return calls.underLock(id, () -> {
                if (credential != null) {
                    // Kept for re-establishing the mount after a plugin restart (NodePublish, recover).
                    try {
                        VolumeCredentials.store(credential, state.credential(id));
                    } catch (IOException e) {
                        throw CsiStatus.internal("storing the credential of " + id + ": " + e.getMessage(), e);
                    }
                }
                stage(id, staging);
                return Csi.NodeStageVolumeResponse.getDefaultInstance();
            });
        });
    }

    private void stage(String id, Path staging) {
        // The node decides the directory from its own volumes root: the volume context is not trusted with a path.
        try {
            Path credential = state.credential(id);
            mounts.ensure(id, volumesRoot + "/" + id, staging, Files.exists(credential) ? credential : null);
        } catch (IOException e) {
            throw CsiStatus.internal("staging " + id + " at " + staging + ": " + e.getMessage(), e);
        }
        state.staged(id, staging);
    }

    @Override
    public void nodePublishVolume(Csi.NodePublishVolumeRequest r, StreamObserver<Csi.NodePublishVolumeResponse> out) {
        calls.answer("NodePublishVolume", out, () -> {
            String id = VolumeRequests.volumeId(r.getVolumeId());
            Path staging = Path.of(VolumeRequests.path(r.getStagingTargetPath(), "staging_target_path"));
            Path target = Path.of(VolumeRequests.path(r.getTargetPath(), "target_path"));
            VolumeRequests.capabilityRequired(r.hasVolumeCapability(), r.getVolumeCapability());
            Mode mode = r.getVolumeCapability().getAccessMode().getMode();
            boolean readOnly = r.getReadonly() || mode == Mode.SINGLE_NODE_READER_ONLY || mode == Mode.MULTI_NODE_READER_ONLY;
            return calls.underLock(id, () -> {
                publish(id, staging, new NodeState.Target(target, readOnly));
                return Csi.NodePublishVolumeResponse.getDefaultInstance();
            });
        });
    }

    private void publish(String id, Path staging, NodeState.Target t) {
        if (MountTable.state(staging) != MountTable.State.LIVE) {
            if (!staging.equals(state.staging(id))) {
                throw CsiStatus.failedPrecondition("volume " + id + " is not staged at " + staging);
            }
            stage(id, staging);
        }
        try {
            MountTable.State s = MountTable.state(t.path());
            if (s == MountTable.State.LIVE) {
                if (MountTable.entry(t.path()).readOnly() != t.readOnly()) {
                    throw CsiStatus.alreadyExists(t.path() + " is already published " + (t.readOnly() ? "read-write" : "read-only"));
                }
                state.published(id, t);
                return;
            }
            if (s == MountTable.State.DEAD) {
                // The bind mount of a mount whose process died: bind the live one in its place.
                HostCommands.unmount(t.path());
            }
            Files.createDirectories(t.path());
            HostCommands.bind(staging, t.path(), t.readOnly());
        } catch (IOException e) {
            throw CsiStatus.internal("publishing " + id + " at " + t.path() + ": " + e.getMessage(), e);
        }
        state.published(id, t);
    }

    @Override
    public void nodeUnpublishVolume(Csi.NodeUnpublishVolumeRequest r, StreamObserver<Csi.NodeUnpublishVolumeResponse> out) {
        calls.answer("NodeUnpublishVolume", out, () -> {
            String id = VolumeRequests.volumeId(r.getVolumeId());
            Path target = Path.of(VolumeRequests.path(r.getTargetPath(), "target_path"));
            return calls.underLock(id, () -> {
                try {
                    HostCommands.unmount(target);
                    // The spec has the plugin remove what it made at the target path; a non-empty one is not ours.
                    if (Files.isDirectory(target)) {
                        try (var entries = Files.list(target)) {
                            if (entries.findAny().isEmpty()) {
                                Files.delete(target);
                            }
                        }
                    }
                } catch (IOException e) {
                    throw CsiStatus.internal("unpublishing " + id + " from " + target + ": " + e.getMessage(), e);
                }
                state.unpublished(id, target);
                return Csi.NodeUnpublishVolumeResponse.getDefaultInstance();
            });
        });
    }

    @Override
    public void nodeUnstageVolume(Csi.NodeUnstageVolumeRequest r, StreamObserver<Csi.NodeUnstageVolumeResponse> out) {
        calls.answer("NodeUnstageVolume", out, () -> {
            String id = VolumeRequests.volumeId(r.getVolumeId());
            Path staging = Path.of(VolumeRequests.path(r.getStagingTargetPath(), "staging_target_path"));
            return calls.underLock(id, () -> {
                try {
                    mounts.stop(id, staging);
                } catch (IOException e) {
                    throw CsiStatus.internal("unstaging " + id + " from " + staging + ": " + e.getMessage(), e);
                }
                state.unstaged(id);
                return Csi.NodeUnstageVolumeResponse.getDefaultInstance();
            });
        });
    }

    @Override
    public void nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest r, StreamObserver<Csi.NodeGetVolumeStatsResponse> out) {
        calls.answer("NodeGetVolumeStats", out, () -> {
            VolumeRequests.volumeId(r.getVolumeId());
            Path path = Path.of(VolumeRequests.path(r.getVolumePath(), "volume_path"));
            return switch (MountTable.state(path)) {
                case NOT_MOUNTED -> throw CsiStatus.notFound(path + " is not a mount of volume " + r.getVolumeId());
                case DEAD -> VolumeStats.dead(path);
                case LIVE -> {
                    try {
                        yield VolumeStats.measure(path);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            };
        });
    }

    @Override
    public void nodeExpandVolume(Csi.NodeExpandVolumeRequest r, StreamObserver<Csi.NodeExpandVolumeResponse> out) {
        calls.answer("NodeExpandVolume", out, () -> {
            VolumeRequests.volumeId(r.getVolumeId());
            Path path = Path.of(VolumeRequests.path(r.getVolumePath(), "volume_path"));
            long capacity = VolumeRequests.capacity(r.getCapacityRange());
            if (MountTable.state(path) == MountTable.State.NOT_MOUNTED) {
                throw CsiStatus.notFound(path + " is not a mount of volume " + r.getVolumeId());
            }
            // Nothing to grow on the node: a FUSE mount has no size of its own (and no quota yet).
            return Csi.NodeExpandVolumeResponse.newBuilder().setCapacityBytes(capacity).build();
        });
    }

    @Override
    public void nodeGetInfo(Csi.NodeGetInfoRequest r, StreamObserver<Csi.NodeGetInfoResponse> out) {
        calls.answer("NodeGetInfo", out, () -> Csi.NodeGetInfoResponse.newBuilder().setNodeId(nodeId).build());
    }

    @Override
    public void nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest r, StreamObserver<Csi.NodeGetCapabilitiesResponse> out) {
        calls.answer("NodeGetCapabilities", out, () -> {
            Csi.NodeGetCapabilitiesResponse.Builder b = Csi.NodeGetCapabilitiesResponse.newBuilder();
            for (Type t : new Type[] {Type.STAGE_UNSTAGE_VOLUME, Type.GET_VOLUME_STATS, Type.EXPAND_VOLUME,
                    Type.VOLUME_CONDITION}) {
                b.addCapabilitiesBuilder().getRpcBuilder().setType(t);
            }
            return b.build();
        });
    }

    /**
     * After a plugin restart: every volume the state dir says is staged gets a live mount again
     * (a no-op for the live ones), and the targets bound to a dead mount are bound anew.
     */
    void recover() {
        for (String id : state.stagedVolumes()) {
            calls.underLock(id, () -> {
                Path staging = state.staging(id);
                stage(id, staging);
                for (NodeState.Target t : state.targets(id)) {
                    if (MountTable.state(t.path()) == MountTable.State.DEAD) {
                        publish(id, staging, t);
                    }
                }
                return null;
            });
        }
    }
}
