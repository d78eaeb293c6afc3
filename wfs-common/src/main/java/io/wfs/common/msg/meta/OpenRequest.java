package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Opens {@code ino} for this session (access mode from {@code flags}: 0 read, 1 write, 2 read-write); an open file outlives its last name until closed. */
public final class OpenRequest extends InodeRequest<AttrReply> {
    private int flags;
    /** Appended: the session's open epoch when its client counted this open ({@link OpenEpochs}); 0 always counts. */
    private long openEpoch;

    public OpenRequest() {
    }

    public OpenRequest(MetaHeader header, long ino, int flags) {
        super(header, ino);
        this.flags = flags;
    }

    public OpenRequest(MetaHeader header, long ino, int flags, long openEpoch) {
        this(header, ino, flags);
        this.openEpoch = openEpoch;
    }

    public long openEpoch() {
        return openEpoch;
    }

    public int flags() {
        return flags;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(flags, "flags", 0, 2);
        MetaHeader.requireSession(header());
        Validate.range(openEpoch, "openEpoch", 0, Long.MAX_VALUE);
    }
}
