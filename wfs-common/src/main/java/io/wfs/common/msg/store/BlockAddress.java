package io.wfs.common.msg.store;

/**
 * Where a block lives: its {@code volume} and {@code blockId}, the first two fields of every
 * request about one block ({@link BlockRequest}), of the answer to a write
 * ({@link BlockWrittenReply}) and of a file's slice ({@code SliceInfo}). Declared here once; as
 * the root of those messages its fields are numbers 1 and 2 (docs/wire-protocol.md, Compatibility).
 */
public abstract class BlockAddress {
    private int volume;
    private long blockId;

    protected BlockAddress() {
    }

    protected BlockAddress(int volume, long blockId) {
        this.volume = volume;
        this.blockId = blockId;
    }

    public int volume() {
        return volume;
    }

    public long blockId() {
        return blockId;
    }
}
