package io.wfs.meta.model;

import io.wfs.common.error.WfsErrorCode;

/** A refusal by the reference model: the errno Linux gives for the case. */
final class ModelError extends RuntimeException {
    private final WfsErrorCode code;

    ModelError(WfsErrorCode code, String why) {
        // No stack trace: refusals are an expected, frequent outcome of the random walk.
        super(code + ": " + why, null, false, false);
        this.code = code;
    }

    WfsErrorCode code() {
        return code;
    }
}
