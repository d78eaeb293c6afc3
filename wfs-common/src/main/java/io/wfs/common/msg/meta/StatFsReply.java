package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Space and inodes used. */
public final class StatFsReply implements Response {
    private long usedBytes;
    private long usedInodes;

    public StatFsReply() {
    }

    public StatFsReply(long usedBytes, long usedInodes) {
        this.usedBytes = usedBytes;
        this.usedInodes = usedInodes;
    }

    public long usedBytes() {
        return usedBytes;
    }

    public long usedInodes() {
        return usedInodes;
    }
}
