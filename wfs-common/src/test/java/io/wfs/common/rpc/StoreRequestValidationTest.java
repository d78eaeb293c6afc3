package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.CheckBlocksRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.ReplicateBlockRequest;
import io.wfs.common.msg.store.SealVolumeRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.common.msg.store.WriteBlockRequest;
import org.junit.jupiter.api.Test;

/** The block requests check their (volume, blockId) address, shared through BlockAddress, and their own fields. */
class StoreRequestValidationTest {
    private static final byte[] DATA = {1, 2, 3};

    private static void refused(Request<?> r) {
        assertEquals(WfsErrorCode.BAD_REQUEST, assertThrows(WfsException.class, r::validate).code(), r.getClass().getSimpleName());
    }

    @Test
    void blockRequestsNeedAValidVolumeAndANonZeroBlockId() {
        refused(new WriteBlockRequest(0, 7, DATA));
        refused(new WriteBlockRequest(-3, 7, DATA));
        refused(new WriteBlockRequest(1, 0, DATA));
        refused(new ReplicateBlockRequest(0, 7, DATA, 5, false));
        refused(new ReplicateBlockRequest(1, 0, DATA, 5, false));
        refused(new ReadBlockRequest(0, 7, 0, 3, false));
        refused(new ReadBlockRequest(1, 0, 0, 3, false));
        refused(new SealVolumeRequest(0));
        // Block ids of slots 2048 and up are negative as Java longs: valid.
        new WriteBlockRequest(1, -7, DATA).validate();
        new ReplicateBlockRequest(1, 7, DATA, 5, true).validate();
        new ReadBlockRequest(1, 7, 0, 3, false).validate();
        new SealVolumeRequest(1).validate();
    }

    @Test
    void blockRequestsCheckTheirOwnFieldsToo() {
        refused(new WriteBlockRequest(1, 7, new byte[0]));
        refused(new WriteBlockRequest(1, 7, null));
        refused(new ReadBlockRequest(1, 7, -1, 3, false));
        refused(new ReadBlockRequest(1, 7, 0, 0, false));
    }

    /** fsck's question to a replica: a valid volume and 1 to MAX_BLOCK_IDS ids. */
    @Test
    void checkBlocksNeedsAVolumeAndABoundedListOfIds() {
        refused(new CheckBlocksRequest(0, new long[] {7}));
        refused(new CheckBlocksRequest(1, null));
        refused(new CheckBlocksRequest(1, new long[0]));
        refused(new CheckBlocksRequest(1, new long[StoreLimits.MAX_BLOCK_IDS + 1]));
        new CheckBlocksRequest(1, new long[] {7, -7}).validate();
    }
}
