package io.wfs.common.error;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;

/**
 * Every error WFS can report, with its wire code and the errno a POSIX caller sees.
 *
 * <p>POSIX codes use the Linux errno value as their wire code, so a FUSE handler returns
 * {@code -errno()} without a table. Internal codes (1000+) are answers between WFS processes
 * that a client normally handles itself (follow the leader hint, refresh the route, retry);
 * their errno is what an application sees if the client gives up.
 */
public enum WfsErrorCode {
    EPERM(1, 1, false),
    ENOENT(2, 2, false),
    EIO(5, 5, false),
    ENXIO(6, 6, false),
    E2BIG(7, 7, false),
    EBADF(9, 9, false),
    /** Would block (a lock conflict): an answer for the application, not for the transport to retry. */
    EAGAIN(11, 11, false),
    ENOMEM(12, 12, false),
    EACCES(13, 13, false),
    EBUSY(16, 16, true),
    EEXIST(17, 17, false),
    EXDEV(18, 18, false),
    ENODEV(19, 19, false),
    ENOTDIR(20, 20, false),
    EISDIR(21, 21, false),
    EINVAL(22, 22, false),
    ETXTBSY(26, 26, false),
    EFBIG(27, 27, false),
    ENOSPC(28, 28, false),
    ESPIPE(29, 29, false),
    EROFS(30, 30, false),
    EMLINK(31, 31, false),
    ERANGE(34, 34, false),
    EDEADLK(35, 35, false),
    ENAMETOOLONG(36, 36, false),
    ENOLCK(37, 37, false),
    ENOSYS(38, 38, false),
    ENOTEMPTY(39, 39, false),
    ELOOP(40, 40, false),
    /** Also ENOATTR: a missing extended attribute. */
    ENODATA(61, 61, false),
    EOVERFLOW(75, 75, false),
    EOPNOTSUPP(95, 95, false),
    ETIMEDOUT(110, 110, true),
    ESTALE(116, 116, false),
    EDQUOT(122, 122, false),

    /** The receiving replica is not the group's leader; the reply may carry a leader hint. */
    NOT_LEADER(1000, 11, true),
    /** The request was built on an older route; the reply carries the current route version. */
    STALE_ROUTE(1001, 11, true),
    /** The inode is locked by a cross-group operation in progress (lock flag, expires in 5 s). */
    LOCKED(1002, 11, true),
    /** No answer within the call's deadline. */
    TIMEOUT(1003, 110, true),
    /** The peer could not prove knowledge of the cluster secret. */
    AUTH_FAILED(1004, 13, false),
    /** A field or size of a request is invalid; the request was not executed. */
    BAD_REQUEST(1005, 22, false),
    /** The peer cannot be reached or closed the connection before answering. */
    UNAVAILABLE(1006, 5, true),
    /** The client session is unknown or expired; the client must open a new one. */
    SESSION_EXPIRED(1007, 116, false),
    /** A bug or an unexpected failure on the server; logged there with details. */
    INTERNAL(1008, 5, false),
    /**
     * This group's leader does not know the session's open files yet (it became leader since the
     * session last announced them): the client announces them ({@code AnnounceOpensRequest}),
     * then resends the request.
     */
    OPENS_UNKNOWN(1009, 11, true);

    private static final Int2ObjectOpenHashMap<WfsErrorCode> BY_WIRE_CODE = new Int2ObjectOpenHashMap<>();

    static {
        for (WfsErrorCode c : values()) {
            if (BY_WIRE_CODE.put(c.wireCode, c) != null) {
                throw new ExceptionInInitializerError("duplicate wire code " + c.wireCode);
            }
        }
    }

    private final int wireCode;
    private final int errno;
    private final boolean retryable;

    WfsErrorCode(int wireCode, int errno, boolean retryable) {
        this.wireCode = wireCode;
        this.errno = errno;
        this.retryable = retryable;
    }

    /** The stable number sent on the wire. */
    public int wireCode() {
        return wireCode;
    }

    /** The positive Linux errno an application sees for this error. */
    public int errno() {
        return errno;
    }

    /** Whether the same request may succeed if sent again (to the same or another server). */
    public boolean retryable() {
        return retryable;
    }

    /**
     * An everyday answer of a file system rather than a fault: no such name (every create's path
     * walk asks for the name it is about to make), the name exists, no such extended attribute
     * (asked before every write). Thrown on hot paths, so {@link WfsException} carries it without
     * a stack trace, which cost half of a negative lookup's CPU in the mount (docs/benchmarks.md,
     * "Negative lookups without stack traces").
     */
    public boolean routine() {
        return this == ENOENT || this == EEXIST || this == ENODATA;
    }

    /** Decodes a wire code; an unknown code (a newer peer) reads as {@link #EIO}. */
    public static WfsErrorCode fromWireCode(int wireCode) {
        WfsErrorCode c = BY_WIRE_CODE.get(wireCode);
        return c == null ? EIO : c;
    }
}
