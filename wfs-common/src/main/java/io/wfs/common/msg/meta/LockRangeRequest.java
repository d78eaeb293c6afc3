package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/**
 * The shape of lock requests: which lock (kind, type), where ([start, end], inclusive) and
 * whose (owner within the caller's session), on one inode.
 */
public abstract class LockRangeRequest<R extends Response> extends InodeRequest<R> implements LockSpan.Carrier {
    public static final int POSIX = 1;
    public static final int FLOCK = 2;
    public static final int READ = 1;
    public static final int WRITE = 2;
    public static final int UNLOCK = 3;
    /** {@code end} of a lock that runs to the end of the file, however it grows. */
    public static final long TO_EOF = Long.MAX_VALUE;

    private int kind;
    private LockSpan span;

    protected LockRangeRequest() {
    }

    protected LockRangeRequest(MetaHeader header, long ino, int kind, int type, long start, long end, long owner) {
        super(header, ino);
        this.kind = kind;
        this.span = new LockSpan(type, start, end, owner);
    }

    public int kind() {
        return kind;
    }

    @Override
    public LockSpan span() {
        return LockSpan.orNone(span);
    }

    /** The lock types this request may carry. */
    protected abstract int maxType();

    @Override
    public void validate() {
        super.validate();
        Validate.range(kind, "kind", POSIX, FLOCK);
        Validate.range(type(), "type", READ, maxType());
        Validate.range(start(), "start", 0, Long.MAX_VALUE);
        Validate.range(end(), "end", start(), Long.MAX_VALUE);
        MetaHeader.requireSession(header());
    }
}
