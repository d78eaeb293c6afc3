package io.wfs.common.rpc.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScopedCredentialTest {
    private static final String SECRET_TEXT = "scoped-credential-test-secret-0123";
    private static final ClusterSecret SECRET = ClusterSecret.of(SECRET_TEXT);
    private static final long VOLUME = (17L << 52) | 5;

    @Test
    void theKeyIsTheHmacOfTheLabelTheUnsignedRootAndTheFlags() throws Exception {
        long negativeIno = (3000L << 52) | 9; // slots >= 2048 give negative longs: the label uses the unsigned form
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET_TEXT.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] expected = mac.doFinal(("wfs-scope-v1|" + Long.toUnsignedString(negativeIno) + "|1")
                .getBytes(StandardCharsets.US_ASCII));
        assertArrayEquals(expected, ScopedKeys.derive(SECRET, new Scope(negativeIno, true)));
    }

    @Test
    void everyScopeHasItsOwnKey() {
        byte[] plain = ScopedKeys.derive(SECRET, new Scope(VOLUME, false));
        assertFalse(Arrays.equals(plain, ScopedKeys.derive(SECRET, new Scope(VOLUME, true))), "flags are in the key");
        assertFalse(Arrays.equals(plain, ScopedKeys.derive(SECRET, new Scope(VOLUME + 1, false))), "the root is in the key");
        assertFalse(Arrays.equals(plain, ScopedKeys.derive(ClusterSecret.of("another-cluster-secret-xyz"),
                new Scope(VOLUME, false))), "the cluster secret is in the key");
        assertArrayEquals(plain, ScopedKeys.derive(SECRET, new Scope(VOLUME, false)), "deterministic");
    }

    @Test
    void aScopeCannotBeTheClusterRootOrNothing() {
        assertThrows(IllegalArgumentException.class, () -> new Scope(1, false));
        assertThrows(IllegalArgumentException.class, () -> new Scope(0, true));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Scope.fromWire(VOLUME, 2));
        assertTrue(e.getMessage().contains("unknown scope flags"), e.getMessage());
        assertEquals(new Scope(VOLUME, true), Scope.fromWire(VOLUME, Scope.ROOT_SQUASH));
        assertEquals(17, new Scope(VOLUME, false).slot());
    }

    @Test
    void theFileRoundTripsAndIsReadableByItsOwnerOnly(@TempDir Path dir) throws IOException {
        ScopedCredential c = ScopedCredential.issue(SECRET, new Scope(VOLUME, true), "/volumes/pvc-1");
        Path file = dir.resolve("sub/volume.credential");
        c.write(file);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        ScopedCredential back = ScopedCredential.load(file);
        assertEquals(c.scope(), back.scope());
        assertArrayEquals(c.key(), back.key());
        assertEquals("/volumes/pvc-1", back.path());
        assertFalse(Files.readString(file).contains(SECRET_TEXT), "the cluster secret is not in the file");
    }

    @Test
    void aMalformedFileIsRefusedNamingWhatIsWrong(@TempDir Path dir) throws IOException {
        String key = HexFormat.of().formatHex(new byte[32]);
        String good = "wfs-credential=1\nroot-ino=" + VOLUME + "\nroot-squash=false\nkey=" + key + "\n";
        ScopedCredential.parse(good);
        assertRefused("wfs-credential=2\nroot-ino=5\nroot-squash=false\nkey=" + key, "version 1");
        assertRefused("root-ino=5\nroot-squash=false\nkey=" + key, "version 1");
        assertRefused("wfs-credential=1\nroot-squash=false\nkey=" + key, "missing root-ino");
        assertRefused("wfs-credential=1\nroot-ino=x5\nroot-squash=false\nkey=" + key, "root-ino is not an inode number");
        assertRefused("wfs-credential=1\nroot-ino=1\nroot-squash=false\nkey=" + key, "volume's directory");
        assertRefused("wfs-credential=1\nroot-ino=5\nroot-squash=yes\nkey=" + key, "root-squash must be true or false");
        assertRefused("wfs-credential=1\nroot-ino=5\nroot-squash=true", "missing key");
        assertRefused("wfs-credential=1\nroot-ino=5\nroot-squash=true\nkey=zz", "not hexadecimal");
        assertRefused("wfs-credential=1\nroot-ino=5\nroot-squash=true\nkey=abcd", "64 hex digits");
        Path file = dir.resolve("bad");
        Files.writeString(file, "nonsense");
        IOException e = assertThrows(IOException.class, () -> ScopedCredential.load(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ScopedCredential(new Scope(VOLUME, false), new byte[3], ""));
    }

    private static void assertRefused(String text, String why) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ScopedCredential.parse(text));
        assertTrue(e.getMessage().contains(why), e.getMessage() + " should say " + why);
    }
}
