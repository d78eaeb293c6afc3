package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * Starts (or, with {@code drain == false}, cancels) moving every replica off a store so that it
 * can be removed ({@code wfs admin drain-store}): the manager leader copies its volumes to other
 * stores and opens none on it. Only a connection with the full cluster secret may ask.
 */
public final class DrainStoreRequest implements Request<RouteVersionReply> {
    private int storeNode;
    private boolean drain;

    public DrainStoreRequest() {
    }

    public DrainStoreRequest(int storeNode, boolean drain) {
        this.storeNode = storeNode;
        this.drain = drain;
    }

    public int storeNode() {
        return storeNode;
    }

    public boolean drain() {
        return drain;
    }

    @Override
    public void validate() {
        Validate.check(storeNode > 0, "storeNode must be a node id (> 0), not " + storeNode);
    }
}
