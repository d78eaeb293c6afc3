package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** A quota's limits: bytes (logical sizes of regular files) and inodes; 0 means no limit. */
public final class QuotaLimits {
    private long bytes;
    private long inodes;

    public QuotaLimits() {
    }

    public QuotaLimits(long bytes, long inodes) {
        this.bytes = bytes;
        this.inodes = inodes;
    }

    public long bytes() {
        return bytes;
    }

    public long inodes() {
        return inodes;
    }

    void validate() {
        Validate.range(bytes, "limit of bytes", 0, Long.MAX_VALUE);
        Validate.range(inodes, "limit of inodes", 0, Long.MAX_VALUE);
    }
}
