package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Takes, changes or releases a lock: POSIX record lock (fcntl) on [start, end] or BSD flock on the whole file; EAGAIN when another owner's lock conflicts. */
public final class SetLockRequest implements MetaRequest<OkReply> {
    public static final int POSIX = 1;
    public static final int FLOCK = 2;
    public static final int READ = 1;
    public static final int WRITE = 2;
    public static final int UNLOCK = 3;
    /** {@code end} of a lock that runs to the end of the file, however it grows. */
    public static final long TO_EOF = Long.MAX_VALUE;

    private MetaHeader header;
    private long ino;
    private int kind;
    private int type;
    private long start;
    private long end;
    private long owner;

    public SetLockRequest() {
    }

    public SetLockRequest(MetaHeader header, long ino, int kind, int type, long start, long end, long owner) {
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
        Validate.range(kind, "kind", POSIX, FLOCK);
        Validate.range(type, "type", READ, UNLOCK);
        Validate.range(start, "start", 0, Long.MAX_VALUE);
        Validate.range(end, "end", start, Long.MAX_VALUE);
        MetaHeader.requireSession(header);
    }
}
