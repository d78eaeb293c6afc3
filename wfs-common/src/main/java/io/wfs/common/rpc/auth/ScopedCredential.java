package io.wfs.common.rpc.auth;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.Properties;

/**
 * A credential for one volume: its {@link Scope} and the key derived for it ({@link ScopedKeys}),
 * plus the path it was issued for (informational; the root inode is what counts). Issued by the
 * manager (ISSUE_SCOPED_CREDENTIAL) to holders of the full secret; a mount that uses it reaches
 * nothing outside the scope. The file form ({@code wfs credential issue}, {@code wfs mount
 * --credential}) is a properties file readable by its owner only:
 * <pre>
 * wfs-credential=1
 * root-ino=1234
 * root-squash=true
 * path=/volumes/pvc-1
 * key=64 hex digits
 * </pre>
 */
public final class ScopedCredential implements Credential {
    public static final String FORMAT_VERSION = "1";
    private final Scope scope;
    private final byte[] key;
    private final String path;

    public ScopedCredential(Scope scope, byte[] key, String path) {
        if (key == null || key.length != ScopedKeys.KEY_BYTES) {
            throw new IllegalArgumentException("a scoped key has " + ScopedKeys.KEY_BYTES + " bytes");
        }
        this.scope = scope;
        this.key = key.clone();
        this.path = path == null ? "" : path;
    }

    /** Derives the credential of {@code scope} from the cluster secret (the manager's side). */
    public static ScopedCredential issue(ClusterSecret secret, Scope scope, String path) {
        return new ScopedCredential(scope, ScopedKeys.derive(secret, scope), path);
    }

    @Override
    public Scope scope() {
        return scope;
    }

    @Override
    public HandshakeProofs proofs() {
        return new HandshakeProofs(key);
    }

    public byte[] key() {
        return key.clone();
    }

    /** The path it was issued for ("" if not known). */
    public String path() {
        return path;
    }

    public String toText() {
        return "# WFS scoped credential: a mount with it reaches only this volume. Keep it secret.\n"
                + "wfs-credential=" + FORMAT_VERSION + "\n"
                + "root-ino=" + Long.toUnsignedString(scope.rootIno()) + "\n"
                + "root-squash=" + scope.rootSquash() + "\n"
                + "path=" + path + "\n"
                + "key=" + HexFormat.of().formatHex(key) + "\n";
    }

    /** Parses {@link #toText()}; a malformed text is an IllegalArgumentException naming the field. */
    public static ScopedCredential parse(String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a credential file: " + e.getMessage(), e);
        }
        if (!FORMAT_VERSION.equals(p.getProperty("wfs-credential"))) {
            throw new IllegalArgumentException("not a WFS credential of version " + FORMAT_VERSION
                    + " (wfs-credential=" + p.getProperty("wfs-credential") + ")");
        }
        long root;
        try {
            root = Long.parseUnsignedLong(required(p, "root-ino"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("root-ino is not an inode number: " + p.getProperty("root-ino"));
        }
        String squash = required(p, "root-squash");
        if (!squash.equals("true") && !squash.equals("false")) {
            throw new IllegalArgumentException("root-squash must be true or false, not " + squash);
        }
        String hex = required(p, "key");
        byte[] key;
        try {
            key = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("key is not hexadecimal");
        }
        if (key.length != ScopedKeys.KEY_BYTES) {
            throw new IllegalArgumentException("key must be " + ScopedKeys.KEY_BYTES * 2 + " hex digits");
        }
        return new ScopedCredential(new Scope(root, Boolean.parseBoolean(squash)), key, p.getProperty("path", ""));
    }

    public static ScopedCredential load(Path file) throws IOException {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes the credential to {@code file}, readable by its owner only (set before the key is written). */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.deleteIfExists(file);
        Files.createFile(file);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException ignored) {
            // Not a POSIX file system.
        }
        Files.writeString(file, toText(), StandardCharsets.UTF_8);
    }

    private static String required(Properties p, String name) {
        String v = p.getProperty(name);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("missing " + name);
        }
        return v.strip();
    }
}
