package io.wfs.csi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.auth.ScopedCredential;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A volume's credential from CreateVolume's context to the node's state folder. */
class VolumeCredentialsTest {
    private static final ScopedCredential ISSUED = ScopedCredential.issue(ClusterSecret.of("volume-credentials-test-secret"),
            new Scope((3000L << 52) | 7, true), "/volumes/pvc-1");

    @Test
    void theContextCarriesTheScopeAndTheKeyNotTheSecret(@TempDir Path dir) throws Exception {
        Map<String, String> context = VolumeCredentials.context(ISSUED);
        assertEquals(Long.toUnsignedString(ISSUED.scope().rootIno()), context.get(VolumeCredentials.CONTEXT_ROOT_INO));
        assertFalse(context.toString().contains("volume-credentials-test-secret"));
        ScopedCredential back = VolumeCredentials.fromContext(context, "/volumes/pvc-1");
        assertEquals(ISSUED.scope(), back.scope());
        assertArrayEquals(ISSUED.key(), back.key());
        Path file = VolumeCredentials.store(back, dir.resolve("state/volumes/pvc-1/credential"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(ISSUED.scope(), ScopedCredential.load(file).scope());
    }

    @Test
    void aContextWithoutACredentialIsAVolumeOfAnOlderController() {
        assertNull(VolumeCredentials.fromContext(Map.of("wfs.io/subdir", "/volumes/pvc-1"), "/volumes/pvc-1"));
    }

    @Test
    void aMalformedCredentialInTheContextIsInvalidArgument() {
        Map<String, String> good = VolumeCredentials.context(ISSUED);
        for (String drop : new String[] {VolumeCredentials.CONTEXT_ROOT_INO, VolumeCredentials.CONTEXT_KEY}) {
            Map<String, String> m = new HashMap<>(good);
            m.remove(drop);
            assertInvalid(m, "needs");
        }
        assertInvalid(with(good, VolumeCredentials.CONTEXT_ROOT_SQUASH, "yes"), "true or false");
        assertInvalid(with(good, VolumeCredentials.CONTEXT_ROOT_INO, "x1"), "credential");
        assertInvalid(with(good, VolumeCredentials.CONTEXT_ROOT_INO, "1"), "volume's directory");
        assertInvalid(with(good, VolumeCredentials.CONTEXT_KEY, "abcd"), "32 bytes");
        assertInvalid(with(good, VolumeCredentials.CONTEXT_KEY, "zz"), "credential");
    }

    @Test
    void theStorageClassParameterIsTrueOrFalse() {
        assertTrue(VolumeCredentials.rootSquash(Map.of("rootSquash", "true")));
        assertFalse(VolumeCredentials.rootSquash(Map.of("rootSquash", "false")));
        assertFalse(VolumeCredentials.rootSquash(Map.of()));
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> VolumeCredentials.rootSquash(Map.of("rootSquash", "yes")));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    }

    private static Map<String, String> with(Map<String, String> m, String key, String value) {
        Map<String, String> copy = new HashMap<>(m);
        copy.put(key, value);
        return copy;
    }

    private static void assertInvalid(Map<String, String> context, String says) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> VolumeCredentials.fromContext(context, "/volumes/pvc-1"));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().contains(says), e.getStatus().getDescription() + " should say " + says);
    }
}
