package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.rpc.Response;

/**
 * What became of each file of a {@link CreateBatchRequest}, in order: 0 when it was created,
 * else the wire code of its error ({@link WfsErrorCode#wireCode}), e.g. EEXIST.
 */
public final class CreateBatchReply implements Response {
    private int[] errors;

    public CreateBatchReply() {
    }

    public CreateBatchReply(int[] errors) {
        this.errors = errors;
    }

    public int size() {
        return errors == null ? 0 : errors.length;
    }

    /** The error of file i, or null when it was created. */
    public WfsErrorCode error(int i) {
        return errors[i] == 0 ? null : WfsErrorCode.fromWireCode(errors[i]);
    }
}
