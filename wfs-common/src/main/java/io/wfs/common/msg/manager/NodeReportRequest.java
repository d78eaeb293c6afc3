package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;

/**
 * The shape of what a registered node reports to the manager: who it is ({@code nodeId}) and the
 * route it holds ({@code routeVersion}). Each report checks them in its own order, with
 * {@link ManagerFields#nodeId} and {@link ManagerFields#version}.
 */
public abstract class NodeReportRequest<R extends Response> extends NodeAtRouteVersion implements Request<R> {
    protected NodeReportRequest() {
    }

    protected NodeReportRequest(int nodeId, long routeVersion) {
        super(nodeId, routeVersion);
    }
}
