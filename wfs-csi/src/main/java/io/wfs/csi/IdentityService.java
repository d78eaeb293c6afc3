package io.wfs.csi;

import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import io.grpc.stub.StreamObserver;
import io.wfs.common.metrics.WfsVersion;
import java.util.function.BooleanSupplier;

/** The CSI Identity service: the driver's name and version, what it offers, and whether it is ready. */
final class IdentityService extends IdentityGrpc.IdentityImplBase {
    static final String DRIVER_NAME = "csi.wfs.io";

    private final boolean controller;
    private final BooleanSupplier ready;
    private final CsiCalls calls;

    IdentityService(boolean controller, BooleanSupplier ready, CsiCalls calls) {
        this.controller = controller;
        this.ready = ready;
        this.calls = calls;
    }

    @Override
    public void getPluginInfo(Csi.GetPluginInfoRequest r, StreamObserver<Csi.GetPluginInfoResponse> out) {
        calls.answer("GetPluginInfo", out, () -> Csi.GetPluginInfoResponse.newBuilder().setName(DRIVER_NAME)
                .setVendorVersion(WfsVersion.get()).build());
    }

    @Override
    public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest r,
            StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
        calls.answer("GetPluginCapabilities", out, () -> {
            Csi.GetPluginCapabilitiesResponse.Builder b = Csi.GetPluginCapabilitiesResponse.newBuilder();
            if (controller) {
                b.addCapabilitiesBuilder().getServiceBuilder().setType(Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE);
            }
            b.addCapabilitiesBuilder().getVolumeExpansionBuilder().setType(Csi.PluginCapability.VolumeExpansion.Type.ONLINE);
            return b.build();
        });
    }

    @Override
    public void probe(Csi.ProbeRequest r, StreamObserver<Csi.ProbeResponse> out) {
        calls.answer("Probe", out, () -> {
            Csi.ProbeResponse.Builder b = Csi.ProbeResponse.newBuilder();
            b.getReadyBuilder().setValue(ready.getAsBoolean());
            return b.build();
        });
    }
}
