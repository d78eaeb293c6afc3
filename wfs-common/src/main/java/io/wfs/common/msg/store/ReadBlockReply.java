package io.wfs.common.msg.store;

import io.wfs.common.rpc.Response;

/** The bytes read, the whole block's length and its CRC32C (verified before answering). */
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
