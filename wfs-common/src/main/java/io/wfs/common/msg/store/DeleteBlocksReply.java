package io.wfs.common.msg.store;

import io.wfs.common.rpc.Response;

/** How many of the listed blocks were live here and are now deleted. */
public final class DeleteBlocksReply implements Response {
    private int deleted;

    public DeleteBlocksReply() {
    }

    public DeleteBlocksReply(int deleted) {
        this.deleted = deleted;
    }

    public int deleted() {
        return deleted;
    }
}
