package io.wfs.common.route;

import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.FullRouteRequest;
import io.wfs.common.msg.manager.LocateVolumeRequest;
import io.wfs.common.msg.manager.RouteDeltaRequest;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import java.util.concurrent.CompletableFuture;

/**
 * Registers the client-facing route requests (FULL_ROUTE, ROUTE_DELTA, LOCATE_VOLUME) on a
 * server, backed by a {@link RouteSource}: the manager registers them over its state, a store
 * over its {@link RouteCache}. Worker pool: a full route of 100,000 volumes takes a few
 * milliseconds to encode once per version, which the event loop must not carry.
 */
public final class RouteHandlers {
    private RouteHandlers() {
    }

    public static void register(HandlerRegistry handlers, RouteSource source) {
        handlers.register(FullRouteRequest.class, (req, ctx) -> answer(source::fullRoute), Dispatch.WORKER);
        handlers.register(RouteDeltaRequest.class, (req, ctx) -> answer(() -> source.routeSince(req.sinceVersion())),
                Dispatch.WORKER);
        handlers.register(LocateVolumeRequest.class,
                (req, ctx) -> answer(() -> source.locate(req.routeVersion(), req.volumeId())), Dispatch.WORKER);
    }

    private static <R> CompletableFuture<R> answer(java.util.function.Supplier<R> supplier) {
        try {
            return CompletableFuture.completedFuture(supplier.get());
        } catch (WfsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
