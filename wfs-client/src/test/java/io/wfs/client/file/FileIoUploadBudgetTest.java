package io.wfs.client.file;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A flush's upload budget counts blocks by their size: full blocks as many as configured, small ones up to 16 times as many. */
class FileIoUploadBudgetTest {
    private static final int BLOCK = 4 << 20;

    @Test
    void aFullBlockCostsAllItsUnitsAndASmallOneItsShareAtLeastOne() {
        assertEquals(FileIo.UPLOAD_UNITS_PER_BLOCK, FileIo.uploadUnits(BLOCK, BLOCK));
        assertEquals(1, FileIo.uploadUnits(4096, BLOCK), "a 4 KiB run of a random write");
        assertEquals(1, FileIo.uploadUnits(1, BLOCK));
        assertEquals(1, FileIo.uploadUnits(BLOCK / 16, BLOCK));
        assertEquals(2, FileIo.uploadUnits(BLOCK / 16 + 1, BLOCK), "rounded up");
        assertEquals(8, FileIo.uploadUnits(BLOCK / 2, BLOCK));
        // A block is never bigger than the configured size, but the budget holds if one were.
        assertEquals(FileIo.UPLOAD_UNITS_PER_BLOCK, FileIo.uploadUnits(Integer.MAX_VALUE, BLOCK));
    }

    @Test
    void fourInFlightMeansFourFullBlocksOrSixtyFourSmallOnes() {
        int budget = 4 * FileIo.UPLOAD_UNITS_PER_BLOCK;
        assertEquals(4, budget / FileIo.uploadUnits(BLOCK, BLOCK));
        assertEquals(64, budget / FileIo.uploadUnits(4096, BLOCK));
    }
}
