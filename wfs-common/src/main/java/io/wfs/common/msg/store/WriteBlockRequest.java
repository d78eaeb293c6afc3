package io.wfs.common.msg.store;

/**
 * Client → the volume's primary: store one block. Answered once every replica has it durably;
 * a failing replica fails the write (nothing acknowledged) and turns the volume read-only (EROFS).
 * Writing the same block id again with the same bytes is a no-op (a client retry).
 */
public final class WriteBlockRequest extends BlockDataRequest {
    public WriteBlockRequest() {
    }

    public WriteBlockRequest(int volume, long blockId, byte[] data) {
        super(volume, blockId, data);
    }
}
