package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Reserves {@code count} block ids in the slot of file {@code ino} (batch allocation for writers). */
public final class AllocateBlockIdsRequest extends InodeRequest<BlockIdsReply> {
    private int count;

    public AllocateBlockIdsRequest() {
    }

    public AllocateBlockIdsRequest(MetaHeader header, long ino, int count) {
        super(header, ino);
        this.count = count;
    }

    public int count() {
        return count;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(count, "count", 1, 1 << 20);
    }
}
