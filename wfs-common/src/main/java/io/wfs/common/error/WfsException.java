package io.wfs.common.error;

/**
 * A failure with a {@link WfsErrorCode}. Servers turn it into an error reply; clients rebuild
 * it from one, including the optional leader hint and route version.
 */
public class WfsException extends RuntimeException {
    private final WfsErrorCode code;
    private final String leaderHint;
    private final long routeVersion;

    public WfsException(WfsErrorCode code, String message) {
        this(code, message, null, 0L, null);
    }

    public WfsException(WfsErrorCode code, String message, Throwable cause) {
        this(code, message, null, 0L, cause);
    }

    public WfsException(WfsErrorCode code, String message, String leaderHint, long routeVersion, Throwable cause) {
        // A routine answer (WfsErrorCode#routine) skips the stack trace: a cause, if any, keeps its own.
        super(code + ": " + message, cause, true, !code.routine());
        this.code = code;
        this.leaderHint = leaderHint;
        this.routeVersion = routeVersion;
    }

    public WfsErrorCode code() {
        return code;
    }

    /** host:port of the leader the answering replica believes in, or null. */
    public String leaderHint() {
        return leaderHint;
    }

    /** The route version the server holds (set with STALE_ROUTE), or 0. */
    public long routeVersion() {
        return routeVersion;
    }

    /** The message without the code prefix. */
    public String detail() {
        String m = getMessage();
        String prefix = code + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }

    public static WfsException badRequest(String message) {
        return new WfsException(WfsErrorCode.BAD_REQUEST, message);
    }

    /** Unwraps CompletionException/ExecutionException layers to the WfsException inside, if any. */
    public static WfsException unwrap(Throwable t) {
        Throwable cur = t;
        while (cur != null) {
            if (cur instanceof WfsException w) {
                return w;
            }
            cur = cur.getCause();
        }
        return new WfsException(WfsErrorCode.INTERNAL, String.valueOf(t), t);
    }
}
