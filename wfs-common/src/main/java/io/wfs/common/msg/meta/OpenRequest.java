package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Opens {@code ino} for this session (access mode from {@code flags}: 0 read, 1 write, 2 read-write); an open file outlives its last name until closed. */
public final class OpenRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long ino;
    private int flags;

    public OpenRequest() {
    }

    public OpenRequest(MetaHeader header, long ino, int flags) {
        this.header = header;
        this.ino = ino;
        this.flags = flags;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public int flags() {
        return flags;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(flags, "flags", 0, 2);
        MetaHeader.requireSession(header);
    }
}
