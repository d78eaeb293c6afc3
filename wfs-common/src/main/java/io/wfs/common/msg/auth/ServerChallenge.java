package io.wfs.common.msg.auth;

import io.wfs.common.rpc.Response;

/**
 * The server's nonce and its proof of the secret over both nonces; the client checks the
 * proof (mutual authentication) and answers with {@link ClientProof}.
 */
public final class ServerChallenge implements Response {
    private byte[] serverNonce;
    private byte[] serverProof;

    public ServerChallenge() {
    }

    public ServerChallenge(byte[] serverNonce, byte[] serverProof) {
        this.serverNonce = serverNonce;
        this.serverProof = serverProof;
    }

    public byte[] serverNonce() {
        return serverNonce;
    }

    public byte[] serverProof() {
        return serverProof;
    }
}
