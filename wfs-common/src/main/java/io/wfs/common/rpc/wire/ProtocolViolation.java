package io.wfs.common.rpc.wire;

import java.util.Locale;

/** Why a connection was closed by the protocol layer; each one is logged and counted. */
public enum ProtocolViolation {
    /** The length field or the body cannot be decoded. */
    MALFORMED,
    /** The frame is larger than the limit for its message category. */
    OVERSIZE,
    /** The message type id is unknown to this build. */
    UNKNOWN_TYPE,
    /** Flags not valid in this direction (a request where a response is expected, unknown bits). */
    BAD_FLAGS,
    /** The connection closed or stalled in the middle of a frame. */
    TRUNCATED,
    /** A non-handshake frame arrived before authentication. */
    UNAUTHENTICATED,
    /** The peer's proof of the cluster secret was wrong. */
    AUTH_FAILED,
    /** The handshake did not finish in time. */
    HANDSHAKE_TIMEOUT,
    /** A response arrived that matches no call of this kind (protocol confusion). */
    UNEXPECTED_RESPONSE,
    /** A frame kept arriving but did not finish within {@code rpc.frame-read-timeout} (slow sender). */
    SLOW_FRAME,
    /** An authenticated connection sent nothing for {@code rpc.idle-timeout} (half-open or dead peer). */
    IDLE,
    /** The peer's address already held {@code rpc.max-connections-per-peer} connections. */
    TOO_MANY_CONNECTIONS;

    private final String metricName = name().toLowerCase(Locale.ROOT);

    public String metricName() {
        return metricName;
    }
}
