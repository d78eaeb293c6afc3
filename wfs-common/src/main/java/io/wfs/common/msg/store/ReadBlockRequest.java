package io.wfs.common.msg.store;

import io.wfs.common.rpc.Validate;

/**
 * Read {@code length} bytes at {@code offset} of a block from any replica (a range past the end
 * of the block is cut short). {@code fromPeer} is set by a replica fetching a good copy to repair
 * its own: the answering replica must not start a repair of its own in turn.
 */
public final class ReadBlockRequest extends BlockRequest<ReadBlockReply> {
    private int offset;
    private int length;
    private boolean fromPeer;

    public ReadBlockRequest() {
    }

    public ReadBlockRequest(int volume, long blockId, int offset, int length, boolean fromPeer) {
        super(volume, blockId);
        this.offset = offset;
        this.length = length;
        this.fromPeer = fromPeer;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    public boolean fromPeer() {
        return fromPeer;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(offset, "offset", 0, StoreLimits.MAX_BLOCK_BYTES - 1);
        Validate.range(length, "length", 1, StoreLimits.MAX_BLOCK_BYTES);
    }
}
