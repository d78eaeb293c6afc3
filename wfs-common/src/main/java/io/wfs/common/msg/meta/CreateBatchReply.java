package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.rpc.Response;

/**
 * What became of each file of a {@link CreateBatchRequest}, in order: 0 when it was created,
 * else the wire code of its error ({@link WfsErrorCode#wireCode}), e.g. EEXIST. {@code delegated}
 * (an appended field): the directories the batch made that the leader holds for the session from
 * their creation on, as if it had granted their delegation without numbers: nobody else has
 * looked into them, so the session knows they are empty (docs/metadata.md, "Asynchronous rmdir").
 */
public final class CreateBatchReply implements Response {
    private int[] errors;
    private long[] delegated;

    public CreateBatchReply() {
    }

    public CreateBatchReply(int[] errors) {
        this.errors = errors;
    }

    /** This reply, naming the directories the session holds from their creation on. */
    public CreateBatchReply delegating(long[] directories) {
        CreateBatchReply r = new CreateBatchReply(errors);
        r.delegated = directories;
        return r;
    }

    /** The directories the batch made that the session holds (none from a replayed answer or an older server). */
    public long[] delegated() {
        return delegated == null ? new long[0] : delegated;
    }

    public int size() {
        return errors == null ? 0 : errors.length;
    }

    /** The error of file i, or null when it was created. */
    public WfsErrorCode error(int i) {
        return errors[i] == 0 ? null : WfsErrorCode.fromWireCode(errors[i]);
    }
}
