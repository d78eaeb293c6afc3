package io.wfs.common.rpc.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 challenge-response in both directions. The labels differ per direction so that a
 * proof cannot be reflected back to its sender; both nonces are fresh per connection so a
 * recorded proof cannot be replayed.
 */
public final class HandshakeProofs {
    public static final int PROOF_BYTES = 32;
    private static final byte[] SERVER_LABEL = "wfs-server-v1".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLIENT_LABEL = "wfs-client-v1".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    public HandshakeProofs(ClusterSecret secret) {
        this(secret.key());
    }

    /** Proofs of a raw key: the cluster secret's, or a scope's ({@link ScopedKeys}). */
    HandshakeProofs(byte[] key) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
    }

    /** The proofs a server expects from a client announcing {@code scope}: of the key derived for it. */
    public static HandshakeProofs forScope(ClusterSecret secret, Scope scope) {
        return new HandshakeProofs(ScopedKeys.derive(secret, scope));
    }

    public static byte[] nonce(int bytes) {
        byte[] n = new byte[bytes];
        RANDOM.nextBytes(n);
        return n;
    }

    public byte[] serverProof(byte[] clientNonce, byte[] serverNonce) {
        return hmac(SERVER_LABEL, clientNonce, serverNonce);
    }

    public byte[] clientProof(byte[] clientNonce, byte[] serverNonce) {
        return hmac(CLIENT_LABEL, serverNonce, clientNonce);
    }

    /** Constant-time comparison, so timing reveals nothing about the expected proof. */
    public static boolean matches(byte[] expected, byte[] actual) {
        return actual != null && MessageDigest.isEqual(expected, actual);
    }

    private byte[] hmac(byte[] label, byte[] first, byte[] second) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(label);
            mac.update(first);
            mac.update(second);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
