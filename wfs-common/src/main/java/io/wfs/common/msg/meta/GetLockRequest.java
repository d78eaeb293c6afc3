package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** F_GETLK: the first lock of another owner that would conflict with the described one, if any. */
public final class GetLockRequest implements MetaRequest<LockInfoReply> {
    private MetaHeader header;
    private long ino;
    private int kind;
    private int type;
    private long start;
    private long end;
    private long owner;

    public GetLockRequest() {
    }

    public GetLockRequest(MetaHeader header, long ino, int kind, int type, long start, long end, long owner) {
        this.header = header;
        this.ino = ino;
        this.kind = kind;
        this.type = type;
        this.start = start;
        this.end = end;
        this.owner = owner;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public int kind() {
        return kind;
    }

    public int type() {
        return type;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    public long owner() {
        return owner;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(kind, "kind", SetLockRequest.POSIX, SetLockRequest.FLOCK);
        Validate.range(type, "type", SetLockRequest.READ, SetLockRequest.WRITE);
        Validate.range(start, "start", 0, Long.MAX_VALUE);
        Validate.range(end, "end", start, Long.MAX_VALUE);
        MetaHeader.requireSession(header);
    }
}
