package io.wfs.common.msg.meta;

/** Bytes and inodes used in the group owning {@code slot}; the client asks each group once. */
public final class StatFsRequest extends SlotRequest<StatFsReply> {
    public StatFsRequest() {
    }

    public StatFsRequest(MetaHeader header, int slot) {
        super(header, slot);
    }
}
