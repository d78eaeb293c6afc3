package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.BlockAddress;
import io.wfs.common.rpc.Validate;

/** A piece of a file: {@code length} bytes at {@code fileOffset}, stored in block {@code blockId} of volume {@code volume} at {@code blockOffset}. */
public final class SliceInfo extends BlockAddress {
    /** Largest slice: one block (4 MiB) — the client cuts bigger writes. */
    public static final int MAX_LENGTH = 4 << 20;

    private long fileOffset;
    private int length;
    private int blockOffset;

    public SliceInfo() {
    }

    public SliceInfo(long fileOffset, int length, int volume, long blockId, int blockOffset) {
        super(volume, blockId);
        this.fileOffset = fileOffset;
        this.length = length;
        this.blockOffset = blockOffset;
    }

    public long fileOffset() {
        return fileOffset;
    }

    public int length() {
        return length;
    }

    public int blockOffset() {
        return blockOffset;
    }

    public static void validate(SliceInfo s) {
        Validate.notNull(s, "slice");
        Validate.range(s.fileOffset, "fileOffset", 0, Long.MAX_VALUE - MAX_LENGTH);
        Validate.range(s.length, "length", 1, MAX_LENGTH);
        Validate.range(s.blockOffset, "blockOffset", 0, MAX_LENGTH - 1L);
        if (s.blockId() == 0) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "block id 0");
        }
    }
}
