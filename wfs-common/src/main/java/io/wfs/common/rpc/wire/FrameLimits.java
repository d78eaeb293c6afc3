package io.wfs.common.rpc.wire;

import io.wfs.common.rpc.MessageCategory;

/** Largest body accepted per {@link MessageCategory}; before authentication only handshake frames pass. */
public record FrameLimits(int maxHandshakeBody, long maxMetaBody, long maxDataBody) {
    public static final int HANDSHAKE_BODY_LIMIT = 1024;

    public FrameLimits(long maxMetaBody, long maxDataBody) {
        this(HANDSHAKE_BODY_LIMIT, maxMetaBody, maxDataBody);
    }

    /**
     * The largest body of a frame of {@code type}: handshake-sized before authentication, an
     * error answer's as large as a meta body, else its category's.
     */
    public long maxBody(io.wfs.common.rpc.MessageType type, boolean error, boolean authenticated) {
        if (!authenticated) {
            return maxHandshakeBody;
        }
        return error ? maxMetaBody : maxBody(type.category());
    }

    public long maxBody(MessageCategory category) {
        return switch (category) {
            case HANDSHAKE -> maxHandshakeBody;
            case META -> maxMetaBody;
            case DATA -> maxDataBody;
        };
    }
}
