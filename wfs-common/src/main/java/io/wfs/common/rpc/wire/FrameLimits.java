package io.wfs.common.rpc.wire;

import io.wfs.common.rpc.MessageCategory;

/** Largest body accepted per {@link MessageCategory}; before authentication only handshake frames pass. */
public record FrameLimits(int maxHandshakeBody, long maxMetaBody, long maxDataBody) {
    public static final int HANDSHAKE_BODY_LIMIT = 1024;

    public FrameLimits(long maxMetaBody, long maxDataBody) {
        this(HANDSHAKE_BODY_LIMIT, maxMetaBody, maxDataBody);
    }

    public long maxBody(MessageCategory category) {
        return switch (category) {
            case HANDSHAKE -> maxHandshakeBody;
            case META -> maxMetaBody;
            case DATA -> maxDataBody;
        };
    }
}
