package io.wfs.common.msg.store;

import io.wfs.common.rpc.Response;

/**
 * The bytes read (checked by the replica before answering, chunk by chunk), the whole block's
 * length and the whole block's CRC32C as the replica's index holds it.
 */
public final class ReadBlockReply implements Response {
    private byte[] data;
    private int blockLength;
    private int crc;

    public ReadBlockReply() {
    }

    public ReadBlockReply(byte[] data, int blockLength, int crc) {
        this.data = data;
        this.blockLength = blockLength;
        this.crc = crc;
    }

    public byte[] data() {
        return data;
    }

    public int blockLength() {
        return blockLength;
    }

    public int crc() {
        return crc;
    }
}
