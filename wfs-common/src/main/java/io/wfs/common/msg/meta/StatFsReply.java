package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Space and inodes used. */
public final class StatFsReply extends SpaceUsed implements Response {
    public StatFsReply() {
    }

    public StatFsReply(long usedBytes, long usedInodes) {
        super(usedBytes, usedInodes);
    }
}
