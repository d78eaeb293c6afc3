package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Closes one open of {@code ino} by this session; the last close of an unlinked file frees it. */
public final class CloseRequest extends InodeRequest<OkReply> {
    /**
     * Appended: the session's open epoch when its client uncounted this close ({@link OpenEpochs});
     * 0 (older clients, or a close the client never counted) always counts.
     */
    private long openEpoch;

    public CloseRequest() {
    }

    public CloseRequest(MetaHeader header, long ino) {
        super(header, ino);
    }

    public CloseRequest(MetaHeader header, long ino, long openEpoch) {
        super(header, ino);
        this.openEpoch = openEpoch;
    }

    public long openEpoch() {
        return openEpoch;
    }

    @Override
    public void validate() {
        super.validate();
        MetaHeader.requireSession(header());
        Validate.range(openEpoch, "openEpoch", 0, Long.MAX_VALUE);
    }
}
