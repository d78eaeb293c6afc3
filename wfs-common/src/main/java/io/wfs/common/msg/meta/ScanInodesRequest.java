package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * One page of a slot's inodes for {@code wfs fsck}: up to {@code maxInodes} live inodes from
 * record position {@code fromPosition}, with the entries of the directories among them (at most
 * {@code maxEntries} a page, resumed at {@code fromCookie} of the first directory). A read on
 * the group's leader; pages are separate reads, so a namespace changing meanwhile may be seen
 * half old, half new (docs/reliability.md).
 */
public final class ScanInodesRequest extends SlotRequest<ScanInodesReply> {
    public static final int MAX_INODES = 4096;
    public static final int MAX_ENTRIES = 16384;

    private int fromPosition;
    private long fromCookie;
    private int maxInodes;
    private int maxEntries;

    public ScanInodesRequest() {
    }

    public ScanInodesRequest(MetaHeader header, int slot, int fromPosition, long fromCookie, int maxInodes,
                             int maxEntries) {
        super(header, slot);
        this.fromPosition = fromPosition;
        this.fromCookie = fromCookie;
        this.maxInodes = maxInodes;
        this.maxEntries = maxEntries;
    }

    public int fromPosition() {
        return fromPosition;
    }

    public long fromCookie() {
        return fromCookie;
    }

    public int maxInodes() {
        return maxInodes;
    }

    public int maxEntries() {
        return maxEntries;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(fromPosition, "fromPosition", 0, Integer.MAX_VALUE);
        Validate.range(fromCookie, "fromCookie", 0, Integer.MAX_VALUE);
        Validate.range(maxInodes, "maxInodes", 1, MAX_INODES);
        Validate.range(maxEntries, "maxEntries", 1, MAX_ENTRIES);
    }
}
