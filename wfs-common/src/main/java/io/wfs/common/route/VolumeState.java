package io.wfs.common.route;

/**
 * The life cycle of a volume as the route shows it. Only WRITABLE volumes take new blocks;
 * every state but a missing volume is readable.
 */
public enum VolumeState {
    /** Open for appends; its primary is primary of no other writable volume. */
    WRITABLE(0),
    /** Full: read-only for good, with all its replicas healthy. */
    SEALED(1),
    /** A replica failed or reported an error while the volume was writable: no more writes, queued for re-replication. */
    READ_ONLY(2),
    /** Sealed, but a replica is on a dead node: readable from the others, queued for re-replication. */
    DEGRADED(3);

    private static final VolumeState[] BY_CODE = values();

    private final int code;

    VolumeState(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The state of a wire code, or null for an unknown code. */
    public static VolumeState ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
