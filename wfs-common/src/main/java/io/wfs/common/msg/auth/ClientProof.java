package io.wfs.common.msg.auth;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/** HMAC of the client label and both nonces under the cluster secret. */
public final class ClientProof implements Request<AuthAccepted> {
    private byte[] proof;

    public ClientProof() {
    }

    public ClientProof(byte[] proof) {
        this.proof = proof;
    }

    public byte[] proof() {
        return proof;
    }

    @Override
    public void validate() {
        Validate.length(proof, "proof", 32, 32);
    }
}
