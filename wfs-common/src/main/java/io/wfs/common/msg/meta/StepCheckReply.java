package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Whether the entry exists and names the inode asked about. */
public final class StepCheckReply implements Response {
    private boolean exists;

    public StepCheckReply() {
    }

    public StepCheckReply(boolean exists) {
        this.exists = exists;
    }

    public boolean exists() {
        return exists;
    }
}
