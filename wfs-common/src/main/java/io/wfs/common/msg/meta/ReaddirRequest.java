package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** A page of directory entries after {@code cookie} (0 = start); with attributes when {@code plus}. */
public final class ReaddirRequest implements MetaRequest<ReaddirReply> {
    public static final int MAX_ENTRIES = 4096;

    private MetaHeader header;
    private long dir;
    private long cookie;
    private int maxEntries;
    private boolean plus;

    public ReaddirRequest() {
    }

    public ReaddirRequest(MetaHeader header, long dir, long cookie, int maxEntries, boolean plus) {
        this.header = header;
        this.dir = dir;
        this.cookie = cookie;
        this.maxEntries = maxEntries;
        this.plus = plus;
    }

    public MetaHeader header() {
        return header;
    }

    public long dir() {
        return dir;
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
    public long routingIno() {
        return dir;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(maxEntries, "maxEntries", 1, MAX_ENTRIES);
        Validate.range(cookie, "cookie", 0, Long.MAX_VALUE);
    }
}
