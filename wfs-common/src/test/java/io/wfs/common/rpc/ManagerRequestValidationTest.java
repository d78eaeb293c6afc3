package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.FullRouteRequest;
import io.wfs.common.msg.manager.LocateVolumeRequest;
import io.wfs.common.msg.manager.MetaHeartbeatRequest;
import io.wfs.common.msg.manager.RegisterMetaNodeRequest;
import io.wfs.common.msg.manager.RegisterStoreNodeRequest;
import io.wfs.common.msg.manager.RouteDeltaRequest;
import io.wfs.common.msg.manager.StoreHeartbeatRequest;
import io.wfs.common.msg.manager.VolumeStateReportRequest;
import io.wfs.common.route.VolumeState;
import org.junit.jupiter.api.Test;

/** Every invalid field of a manager request is refused with BAD_REQUEST before any server work. */
class ManagerRequestValidationTest {
    private static void refused(Request<?> r) {
        assertEquals(WfsErrorCode.BAD_REQUEST, assertThrows(WfsException.class, r::validate).code(), r.getClass().getSimpleName());
    }

    @Test
    void registrationsNeedAddressesAndSaneCapacities() {
        refused(new RegisterStoreNodeRequest(null, 1, 10, 5));
        refused(new RegisterStoreNodeRequest("no-port", 1, 10, 5));
        refused(new RegisterStoreNodeRequest("h:70000", 1, 10, 5));
        refused(new RegisterStoreNodeRequest("h:" + "1".repeat(300), 1, 10, 5));
        refused(new RegisterStoreNodeRequest("h:1", 0, 10, 5));
        refused(new RegisterStoreNodeRequest("h:1", 1, -1, 0));
        refused(new RegisterStoreNodeRequest("h:1", 1, 10, 11));
        new RegisterStoreNodeRequest("h:1", 1, 10, 10).validate();
        refused(new RegisterMetaNodeRequest("h:1", null));
        refused(new RegisterMetaNodeRequest(":1", "h:2"));
        new RegisterMetaNodeRequest("h:1", "h:2").validate();
    }

    @Test
    void heartbeatsNeedAnIdConsistentArraysAndAValidAddress() {
        refused(new StoreHeartbeatRequest(0, 0, 1, new int[0], new long[0]));
        refused(new StoreHeartbeatRequest(1, -1, 1, new int[0], new long[0]));
        refused(new StoreHeartbeatRequest(1, 0, -1, new int[0], new long[0]));
        refused(new StoreHeartbeatRequest(1, 0, 1, new int[] {1, 2}, new long[] {1}));
        refused(new StoreHeartbeatRequest(1, 0, 1, new int[] {0}, new long[] {1}));
        refused(new StoreHeartbeatRequest(1, 0, 1, new int[] {1}, new long[] {-5}));
        refused(new StoreHeartbeatRequest(1, "nope", 0, 1, new int[0], new long[0]));
        new StoreHeartbeatRequest(1, "h:1", 0, 1, new int[] {1}, new long[] {5}).validate();
        new StoreHeartbeatRequest(1, 0, 1, null, null).validate();
        refused(new MetaHeartbeatRequest(0, 0, new int[0]));
        refused(new MetaHeartbeatRequest(1, 0, new int[] {-1}));
        refused(new MetaHeartbeatRequest(1, 0, new int[4097]));
        refused(new MetaHeartbeatRequest(1, "h:0", 0, new int[0]));
        new MetaHeartbeatRequest(1, "h:1", 0, new int[] {3}).validate();
    }

    @Test
    void routeRequestsAndReportsAreBounded() {
        refused(new RouteDeltaRequest(-1));
        refused(new LocateVolumeRequest(-1, 1));
        refused(new LocateVolumeRequest(0, 0));
        refused(new FullRouteRequest("n".repeat(257)));
        refused(new VolumeStateReportRequest(1, 0, 1, VolumeState.WRITABLE, "x"));
        refused(new VolumeStateReportRequest(1, 0, 1, VolumeState.DEGRADED, "x"));
        refused(new VolumeStateReportRequest(1, 0, 0, VolumeState.READ_ONLY, "x"));
        refused(new VolumeStateReportRequest(1, 0, 1, VolumeState.READ_ONLY, "r".repeat(1025)));
        new VolumeStateReportRequest(1, 0, 1, VolumeState.SEALED, "full").validate();
    }
}
