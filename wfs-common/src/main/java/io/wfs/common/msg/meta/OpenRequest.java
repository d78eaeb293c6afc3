package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Opens {@code ino} for this session (access mode from {@code flags}: 0 read, 1 write, 2 read-write); an open file outlives its last name until closed. */
public final class OpenRequest extends InodeRequest<AttrReply> {
    private int flags;

    public OpenRequest() {
    }

    public OpenRequest(MetaHeader header, long ino, int flags) {
        super(header, ino);
        this.flags = flags;
    }

    public int flags() {
        return flags;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(flags, "flags", 0, 2);
        MetaHeader.requireSession(header());
    }
}
