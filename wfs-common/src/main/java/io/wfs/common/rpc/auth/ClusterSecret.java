package io.wfs.common.rpc.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The shared secret of a cluster. It never crosses the wire: peers prove knowledge of it
 * with HMACs over fresh nonces ({@link HandshakeProofs}).
 */
public final class ClusterSecret implements Credential {
    public static final int MIN_LENGTH = 16;
    private final byte[] key;

    private ClusterSecret(byte[] key) {
        this.key = key;
    }

    public static ClusterSecret of(String secret) {
        String s = secret.strip();
        if (s.length() < MIN_LENGTH) {
            throw new IllegalArgumentException("cluster secret must have at least " + MIN_LENGTH + " characters");
        }
        return new ClusterSecret(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads the secret from a file (surrounding white space ignored). */
    public static ClusterSecret load(Path file) throws IOException {
        try {
            return of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes a new random secret to {@code file}, readable by its owner only, and returns it. */
    public static ClusterSecret generate(Path file) throws IOException {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        String text = HexFormat.of().formatHex(random);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text + "\n", StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException ignored) {
            // Not a POSIX file system; the secret is still usable.
        }
        return of(text);
    }

    byte[] key() {
        return key;
    }

    @Override
    public HandshakeProofs proofs() {
        return new HandshakeProofs(this);
    }

    /** The full secret reaches everything: no scope. */
    @Override
    public Scope scope() {
        return null;
    }
}
