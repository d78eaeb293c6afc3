package io.wfs.common.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class WfsErrorCodeTest {

    @Test
    void posixCodesUseTheirLinuxErrnoOnTheWire() {
        assertEquals(2, WfsErrorCode.ENOENT.errno());
        assertEquals(17, WfsErrorCode.EEXIST.errno());
        assertEquals(36, WfsErrorCode.ENAMETOOLONG.errno());
        assertEquals(39, WfsErrorCode.ENOTEMPTY.errno());
        assertEquals(122, WfsErrorCode.EDQUOT.errno());
        for (WfsErrorCode c : WfsErrorCode.values()) {
            if (c.wireCode() < 1000) {
                assertEquals(c.wireCode(), c.errno(), c.name());
            } else {
                assertTrue(c.errno() > 0, c + " must map to a real errno");
            }
            assertSame(c, WfsErrorCode.fromWireCode(c.wireCode()));
        }
    }

    @Test
    void internalCodesMapToWhatAnApplicationShouldSee() {
        assertEquals(11, WfsErrorCode.NOT_LEADER.errno());
        assertEquals(110, WfsErrorCode.TIMEOUT.errno());
        assertEquals(13, WfsErrorCode.AUTH_FAILED.errno());
        assertEquals(22, WfsErrorCode.BAD_REQUEST.errno());
        assertTrue(WfsErrorCode.NOT_LEADER.retryable());
        assertTrue(WfsErrorCode.STALE_ROUTE.retryable());
        assertTrue(WfsErrorCode.LOCKED.retryable());
        assertTrue(!WfsErrorCode.ENOENT.retryable());
        assertTrue(!WfsErrorCode.EAGAIN.retryable(), "a lock conflict goes back to the application");
    }

    @Test
    void unknownWireCodeReadsAsEio() {
        assertSame(WfsErrorCode.EIO, WfsErrorCode.fromWireCode(987_654));
    }

    @Test
    void unwrapFindsTheWfsExceptionInsideWrappers() {
        WfsException inner = new WfsException(WfsErrorCode.ENOSPC, "full");
        assertSame(inner, WfsException.unwrap(new CompletionException(new RuntimeException(inner))));
        assertEquals(WfsErrorCode.INTERNAL, WfsException.unwrap(new IllegalStateException("bug")).code());
        assertEquals("full", inner.detail());
    }

    /** A routine answer (no such name, name exists, no such attribute) is thrown without a stack trace; a fault keeps it. */
    @Test
    void routineAnswersCarryNoStackTraceAndFaultsDo() {
        WfsException absent = new WfsException(WfsErrorCode.ENOENT, "no such name");
        assertEquals(0, absent.getStackTrace().length);
        assertEquals("ENOENT: no such name", absent.getMessage());
        assertEquals(0, new WfsException(WfsErrorCode.EEXIST, "taken").getStackTrace().length);
        assertEquals(0, new WfsException(WfsErrorCode.ENODATA, "no such attribute").getStackTrace().length);
        assertTrue(new WfsException(WfsErrorCode.EIO, "disk").getStackTrace().length > 0);
        assertTrue(new WfsException(WfsErrorCode.INTERNAL, "bug").getStackTrace().length > 0);
        RuntimeException cause = new RuntimeException("below");
        assertSame(cause, new WfsException(WfsErrorCode.ENOENT, "gone", cause).getCause(), "the cause stays");
    }
}
