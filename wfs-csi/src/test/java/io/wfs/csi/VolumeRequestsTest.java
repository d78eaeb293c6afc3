package io.wfs.csi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import csi.v1.Csi;
import csi.v1.Csi.VolumeCapability.AccessMode.Mode;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The request checks and the codes they answer (the real socket is CsiDriverIT's). */
class VolumeRequestsTest {
    @Test
    void capacityIsTheRequiredBytesElseTheLimit() {
        assertEquals(5, VolumeRequests.capacity(range(5, 9)));
        assertEquals(9, VolumeRequests.capacity(range(0, 9)));
        assertEquals(0, VolumeRequests.capacity(Csi.CapacityRange.getDefaultInstance()));
        assertEquals(Status.Code.OUT_OF_RANGE, code(() -> VolumeRequests.capacity(range(10, 9))));
        assertEquals(Status.Code.OUT_OF_RANGE, code(() -> VolumeRequests.capacity(range(-1, 0))));
    }

    @Test
    void idsAndNamesAreSinglePathComponents() {
        assertEquals("pvc-0f3e.a_b", VolumeRequests.volumeId("pvc-0f3e.a_b"));
        for (String bad : new String[] {"", "..", ".hidden", "a/b", "../x", "x".repeat(129)}) {
            assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.volumeId(bad)), bad);
            assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.name(bad)), bad);
        }
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.path("", "target_path")));
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.path("rel/x", "target_path")));
    }

    @Test
    void onlyMountAccessWithAModeAndTheWfsFsType() {
        VolumeRequests.capability(mount(Mode.MULTI_NODE_MULTI_WRITER, ""));
        VolumeRequests.capability(mount(Mode.SINGLE_NODE_READER_ONLY, "fuse.wfs"));
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.capability(mount(Mode.UNKNOWN, ""))));
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.capability(mount(Mode.MULTI_NODE_MULTI_WRITER,
                "ext4"))));
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.capability(Csi.VolumeCapability.newBuilder()
                .setBlock(Csi.VolumeCapability.BlockVolume.getDefaultInstance()).build())));
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> VolumeRequests.capabilities(java.util.List.of())));
    }

    @Test
    void fileSystemErrorsMapToCsiCodes() {
        assertEquals(Status.Code.NOT_FOUND, CsiStatus.of(new WfsException(WfsErrorCode.ENOENT, "x")).getStatus().getCode());
        assertEquals(Status.Code.UNAVAILABLE, CsiStatus.of(new WfsException(WfsErrorCode.EIO, "x")).getStatus().getCode());
        assertEquals(Status.Code.INTERNAL, CsiStatus.of(new WfsException(WfsErrorCode.EACCES, "x")).getStatus().getCode());
    }

    @Test
    void endpointsAreAbsoluteUnixSockets() {
        assertEquals(Path.of("/csi/csi.sock"), CsiEndpoint.socketPath("unix:///csi/csi.sock"));
        assertEquals(Path.of("/csi/csi.sock"), CsiEndpoint.socketPath("unix:/csi/csi.sock"));
        for (String bad : new String[] {"tcp://127.0.0.1:10000", "unix://relative.sock", "unix:///", "/csi/csi.sock"}) {
            assertThrows(IllegalArgumentException.class, () -> CsiEndpoint.socketPath(bad), bad);
        }
    }

    private static Csi.CapacityRange range(long required, long limit) {
        return Csi.CapacityRange.newBuilder().setRequiredBytes(required).setLimitBytes(limit).build();
    }

    private static Csi.VolumeCapability mount(Mode mode, String fsType) {
        return Csi.VolumeCapability.newBuilder().setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType(fsType))
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder().setMode(mode)).build();
    }

    private static Status.Code code(Runnable r) {
        return assertThrows(StatusRuntimeException.class, r::run).getStatus().getCode();
    }
}
