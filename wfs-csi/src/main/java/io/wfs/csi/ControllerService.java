package io.wfs.csi;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.Csi.ControllerServiceCapability.RPC.Type;
import io.grpc.stub.StreamObserver;
import io.wfs.common.rpc.auth.ScopedCredential;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The CSI Controller service: a volume is a directory under the volumes root, named by the
 * volume's name (which is also its id), so every call is idempotent by construction. The capacity
 * asked for is the directory's quota, enforced by the meta servers.
 */
final class ControllerService extends ControllerGrpc.ControllerImplBase {
    /** In the volume context: where the volume lives, and how its size is held. */
    static final String CONTEXT_SUBDIR = "wfs.io/subdir";
    static final String CONTEXT_CAPACITY = "wfs.io/capacity-bytes";
    static final String CONTEXT_QUOTA = "wfs.io/quota";

    private final VolumeDirectories volumes;
    private final CsiCalls calls;
    /** Issues a volume's scoped credential for the node: (path, root squash) → credential. */
    private final java.util.function.BiFunction<String, Boolean, ScopedCredential> credentials;

    ControllerService(VolumeDirectories volumes, CsiCalls calls,
                      java.util.function.BiFunction<String, Boolean, ScopedCredential> credentials) {
        this.volumes = volumes;
        this.calls = calls;
        this.credentials = credentials;
    }

    @Override
    public void createVolume(Csi.CreateVolumeRequest r, StreamObserver<Csi.CreateVolumeResponse> out) {
        calls.answer("CreateVolume", out, () -> {
            String id = VolumeRequests.name(r.getName());
            VolumeRequests.capabilities(r.getVolumeCapabilitiesList());
            if (r.hasVolumeContentSource()) {
                throw CsiStatus.invalid("volume_content_source (snapshots, clones) is not supported");
            }
            long capacity = VolumeRequests.capacity(r.getCapacityRange());
            boolean rootSquash = VolumeCredentials.rootSquash(r.getParametersMap());
            return calls.underLock(id, () -> {
                if (!volumes.create(id)) {
                    OptionalLong recorded = volumes.capacity(id);
                    if (recorded.isPresent() && recorded.getAsLong() != capacity) {
                        throw CsiStatus.alreadyExists("volume " + id + " exists with capacity " + recorded.getAsLong()
                                + ", not " + capacity);
                    }
                }
                // Also after a crash between mkdir and this: a retry completes the volume.
                volumes.setCapacity(id, capacity);
                // The quota exists now: the credential of its subtree is what the node mounts with.
                ScopedCredential credential = credentials.apply(volumes.path(id), rootSquash);
                return Csi.CreateVolumeResponse.newBuilder().setVolume(volume(id, capacity, credential)).build();
            });
        });
    }

    private Csi.Volume volume(String id, long capacity, ScopedCredential credential) {
        return Csi.Volume.newBuilder().setVolumeId(id).setCapacityBytes(capacity)
                .putAllVolumeContext(Map.of(CONTEXT_SUBDIR, volumes.path(id), CONTEXT_CAPACITY, Long.toString(capacity),
                        CONTEXT_QUOTA, capacity > 0 ? "directory quota, enforced" : "directory quota, no limit"))
                .putAllVolumeContext(VolumeCredentials.context(credential))
                .build();
    }

    @Override
    public void deleteVolume(Csi.DeleteVolumeRequest r, StreamObserver<Csi.DeleteVolumeResponse> out) {
        calls.answer("DeleteVolume", out, () -> {
            String id = VolumeRequests.volumeId(r.getVolumeId());
            return calls.underLock(id, () -> {
                volumes.delete(id);
                return Csi.DeleteVolumeResponse.getDefaultInstance();
            });
        });
    }

    @Override
    public void controllerExpandVolume(Csi.ControllerExpandVolumeRequest r,
            StreamObserver<Csi.ControllerExpandVolumeResponse> out) {
        calls.answer("ControllerExpandVolume", out, () -> {
            String id = VolumeRequests.volumeId(r.getVolumeId());
            if (!r.hasCapacityRange()) {
                throw CsiStatus.invalid("capacity_range is required");
            }
            long wanted = VolumeRequests.capacity(r.getCapacityRange());
            return calls.underLock(id, () -> {
                long now = volumes.capacity(id).orElse(0);
                // Never shrinks: an expand to less than the volume has is already satisfied.
                long capacity = Math.max(now, wanted);
                volumes.setCapacity(id, capacity);
                // A FUSE mount needs nothing done on the node for a bigger size.
                return Csi.ControllerExpandVolumeResponse.newBuilder().setCapacityBytes(capacity)
                        .setNodeExpansionRequired(false).build();
            });
        });
    }

    @Override
    public void validateVolumeCapabilities(Csi.ValidateVolumeCapabilitiesRequest r,
            StreamObserver<Csi.ValidateVolumeCapabilitiesResponse> out) {
        calls.answer("ValidateVolumeCapabilities", out, () -> {
            String id = VolumeRequests.volumeId(r.getVolumeId());
            if (r.getVolumeCapabilitiesCount() == 0) {
                throw CsiStatus.invalid("volume_capabilities are required");
            }
            if (!volumes.exists(id)) {
                throw CsiStatus.notFound("no volume " + id);
            }
            Csi.ValidateVolumeCapabilitiesResponse.Builder b = Csi.ValidateVolumeCapabilitiesResponse.newBuilder();
            try {
                VolumeRequests.capabilities(r.getVolumeCapabilitiesList());
                b.getConfirmedBuilder().addAllVolumeCapabilities(r.getVolumeCapabilitiesList())
                        .putAllVolumeContext(r.getVolumeContextMap());
            } catch (io.grpc.StatusRuntimeException unsupported) {
                b.setMessage(unsupported.getStatus().getDescription());
            }
            return b.build();
        });
    }

    @Override
    public void getCapacity(Csi.GetCapacityRequest r, StreamObserver<Csi.GetCapacityResponse> out) {
        calls.answer("GetCapacity", out, () -> {
            if (r.getVolumeCapabilitiesCount() > 0) {
                VolumeRequests.capabilities(r.getVolumeCapabilitiesList());
            }
            return Csi.GetCapacityResponse.newBuilder().setAvailableCapacity(volumes.freeBytes()).build();
        });
    }

    @Override
    public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest r,
            StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
        calls.answer("ControllerGetCapabilities", out, () -> {
            Csi.ControllerGetCapabilitiesResponse.Builder b = Csi.ControllerGetCapabilitiesResponse.newBuilder();
            for (Type t : new Type[] {Type.CREATE_DELETE_VOLUME, Type.EXPAND_VOLUME, Type.GET_CAPACITY}) {
                b.addCapabilitiesBuilder().getRpcBuilder().setType(t);
            }
            return b.build();
        });
    }
}
