package io.wfs.meta.cross;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/**
 * Whether a failed protocol step may still have been applied. A refusal decided by a state
 * machine (ENOENT, EEXIST, LOCKED, EACCES…) was not; a lost leader, a timeout or a dropped
 * connection leaves the step's log entry possibly committed. Only the first may be undone by the
 * coordinator at once; the second is left to the sweep, which decides from what the other group
 * holds (the step's receipt, or a new directory's entry) once the lock expires.
 */
final class StepOutcome {
    private StepOutcome() {
    }

    static boolean unknown(Throwable error) {
        if (error == null) {
            return false;
        }
        WfsErrorCode code = WfsException.unwrap(error).code();
        return code == WfsErrorCode.NOT_LEADER || code == WfsErrorCode.TIMEOUT || code == WfsErrorCode.ETIMEDOUT
                || code == WfsErrorCode.UNAVAILABLE || code == WfsErrorCode.INTERNAL;
    }
}
