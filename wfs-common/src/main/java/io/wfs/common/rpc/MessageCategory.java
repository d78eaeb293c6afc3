package io.wfs.common.rpc;

/** Decides which frame-size limit applies to a message type. */
public enum MessageCategory {
    /** Authentication handshake: tiny frames, the only ones accepted before authentication. */
    HANDSHAKE,
    /** Metadata and control messages: limited by rpc.max-meta-frame-bytes. */
    META,
    /** Block data: limited by rpc.max-data-frame-bytes. */
    DATA
}
