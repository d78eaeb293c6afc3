package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Reserves {@code count} block ids in the slot of file {@code ino} (batch allocation for writers). */
public final class AllocateBlockIdsRequest implements MetaRequest<BlockIdsReply> {
    private MetaHeader header;
    private long ino;
    private int count;

    public AllocateBlockIdsRequest() {
    }

    public AllocateBlockIdsRequest(MetaHeader header, long ino, int count) {
        this.header = header;
        this.ino = ino;
        this.count = count;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public int count() {
        return count;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(count, "count", 1, 1 << 20);
    }
}
