package io.wfs.common.rpc.auth;

/**
 * What a client proves at the handshake: the full cluster secret ({@link ClusterSecret}, no
 * scope) or a key derived from it for one volume ({@link ScopedCredential}).
 */
public sealed interface Credential permits ClusterSecret, ScopedCredential {
    /** The proofs of this credential's key. */
    HandshakeProofs proofs();

    /** The scope the client announces in its hello; null for the full secret. */
    Scope scope();
}
