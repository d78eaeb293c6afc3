package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/**
 * The shape of lock requests: which lock (kind, type), where ([start, end], inclusive) and
 * whose (owner within the caller's session), on one inode.
 */
public abstract class LockRangeRequest<R extends Response> extends InodeRequest<R> {
    public static final int POSIX = 1;
    public static final int FLOCK = 2;
    public static final int READ = 1;
    public static final int WRITE = 2;
    public static final int UNLOCK = 3;
    /** {@code end} of a lock that runs to the end of the file, however it grows. */
    public static final long TO_EOF = Long.MAX_VALUE;

    private int kind;
    private LockRange range;

    protected LockRangeRequest() {
    }

    protected LockRangeRequest(MetaHeader header, long ino, int kind, int type, long start, long end, long owner) {
        super(header, ino);
        this.kind = kind;
        this.range = new LockRange(type, start, end, owner);
    }

    public int kind() {
        return kind;
    }

    public int type() {
        return range.type();
    }

    public long start() {
        return range.start();
    }

    public long end() {
        return range.end();
    }

    public long owner() {
        return range.owner();
    }

    /** Where the lock lies: a flock covers the whole file, whatever start the request carries. */
    public long lockStart() {
        return kind == FLOCK ? 0 : start();
    }

    /** Where the lock ends (inclusive): a flock runs to the end of the file. */
    public long lockEnd() {
        return kind == FLOCK ? TO_EOF : end();
    }

    /** The lock types this request may carry. */
    protected abstract int maxType();

    @Override
    public void validate() {
        super.validate();
        Validate.range(kind, "kind", POSIX, FLOCK);
        Validate.notNull(range, "range");
        Validate.range(type(), "type", READ, maxType());
        Validate.range(start(), "start", 0, Long.MAX_VALUE);
        Validate.range(end(), "end", start(), Long.MAX_VALUE);
        MetaHeader.requireSession(header());
    }
}
