package io.wfs.common.rpc.client;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ClientProof;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.rpc.RpcMetrics;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.rpc.wire.WireFormat;

/**
 * The client's half of the handshake, the same for the event loop's connections
 * ({@link ClientConnection}) and the caller-thread ones ({@link DirectConnection}): a hello with
 * a fresh nonce, then this client's proof, sent only once the server proved it knows the secret.
 */
final class ClientHandshake {
    private ClientHandshake() {
    }

    static ClientHello hello(byte[] clientNonce, String clientName, Scope scope) {
        return new ClientHello(WireFormat.VERSION, clientNonce, clientName, scope);
    }

    /** This client's proof for {@code challenge}; AUTH_FAILED (and counted) when the server's own proof is wrong. */
    static ClientProof answer(HandshakeProofs proofs, byte[] clientNonce, ServerChallenge challenge, Object server,
                              Scope scope, RpcMetrics metrics) {
        byte[] expected = proofs.serverProof(clientNonce, challenge.serverNonce());
        if (!HandshakeProofs.matches(expected, challenge.serverProof())) {
            metrics.violation(ProtocolViolation.AUTH_FAILED);
            throw new WfsException(WfsErrorCode.AUTH_FAILED, "server " + server + " does not know the cluster secret"
                    + (scope == null ? "" : " (or is not of the cluster this credential of " + scope + " is for)"));
        }
        return new ClientProof(proofs.clientProof(clientNonce, challenge.serverNonce()));
    }
}
