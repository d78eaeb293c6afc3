package io.wfs.common.msg.auth;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/** First frame of every connection: the client's nonce, answered by {@link ServerChallenge}. */
public final class ClientHello implements Request<ServerChallenge> {
    public static final int NONCE_BYTES = 32;

    private int protocolVersion;
    private byte[] clientNonce;
    private String clientName;

    public ClientHello() {
    }

    public ClientHello(int protocolVersion, byte[] clientNonce, String clientName) {
        this.protocolVersion = protocolVersion;
        this.clientNonce = clientNonce;
        this.clientName = clientName;
    }

    public int protocolVersion() {
        return protocolVersion;
    }

    public byte[] clientNonce() {
        return clientNonce;
    }

    public String clientName() {
        return clientName;
    }

    @Override
    public void validate() {
        Validate.length(clientNonce, "clientNonce", NONCE_BYTES, NONCE_BYTES);
        Validate.length(clientName, "clientName", 256);
    }
}
