package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** A page of directory entries after {@code cookie} (0 = start); with attributes when {@code plus}. */
public final class ReaddirRequest extends InodeRequest<ReaddirReply> {
    public static final int MAX_ENTRIES = 4096;

    private long cookie;
    private int maxEntries;
    private boolean plus;

    public ReaddirRequest() {
    }

    public ReaddirRequest(MetaHeader header, long dir, long cookie, int maxEntries, boolean plus) {
        super(header, dir);
        this.cookie = cookie;
        this.maxEntries = maxEntries;
        this.plus = plus;
    }

    /** The directory: the inode this request is about. */
    public long dir() {
        return ino();
    }

    public long cookie() {
        return cookie;
    }

    public int maxEntries() {
        return maxEntries;
    }

    public boolean plus() {
        return plus;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(maxEntries, "maxEntries", 1, MAX_ENTRIES);
        Validate.range(cookie, "cookie", 0, Long.MAX_VALUE);
    }
}
