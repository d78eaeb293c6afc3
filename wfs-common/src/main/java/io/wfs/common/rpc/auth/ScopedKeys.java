package io.wfs.common.rpc.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key of a scope: HMAC-SHA256(cluster secret, "wfs-scope-v1|" + root inode (unsigned decimal)
 * + "|" + flags (decimal)). A server derives it from the cluster secret and the scope a hello
 * announces, so it stores no per-volume keys; a holder of the key cannot compute the key of any
 * other scope (another root, or the same root without root squash), nor the cluster secret.
 */
public final class ScopedKeys {
    public static final int KEY_BYTES = 32;
    static final String LABEL = "wfs-scope-v1|";

    private ScopedKeys() {
    }

    public static byte[] derive(ClusterSecret secret, Scope scope) {
        String message = LABEL + Long.toUnsignedString(scope.rootIno()) + "|" + scope.flags();
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
            return mac.doFinal(message.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
