package io.wfs.csi;

import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.auth.ScopedCredential;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A volume's scoped credential on its way from the controller to the node: the controller puts
 * it into the volume context of CreateVolume (kept in the PersistentVolume's
 * {@code csi.volumeAttributes}, handed to NodeStage by kubelet), the node writes it into its
 * state folder (mode 0600) and starts the volume's mount with it. The cluster secret stays with
 * the controller. The StorageClass parameter {@code rootSquash: "true"} asks for root squash.
 */
final class VolumeCredentials {
    static final String PARAMETER_ROOT_SQUASH = "rootSquash";
    static final String CONTEXT_ROOT_INO = "wfs.io/scope-root-ino";
    static final String CONTEXT_ROOT_SQUASH = "wfs.io/root-squash";
    static final String CONTEXT_KEY = "wfs.io/scope-key";

    private VolumeCredentials() {
    }

    /** The StorageClass's {@code rootSquash} parameter: "true" or "false" (default), else INVALID_ARGUMENT. */
    static boolean rootSquash(Map<String, String> parameters) {
        String v = parameters.getOrDefault(PARAMETER_ROOT_SQUASH, "false");
        if (!v.equals("true") && !v.equals("false")) {
            throw CsiStatus.invalid("parameter " + PARAMETER_ROOT_SQUASH + " is \"true\" or \"false\", not \"" + v + "\"");
        }
        return v.equals("true");
    }

    static Map<String, String> context(ScopedCredential c) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(CONTEXT_ROOT_INO, Long.toUnsignedString(c.scope().rootIno()));
        m.put(CONTEXT_ROOT_SQUASH, Boolean.toString(c.scope().rootSquash()));
        m.put(CONTEXT_KEY, HexFormat.of().formatHex(c.key()));
        return m;
    }

    /**
     * The credential in a NodeStage volume context for the volume at {@code path}, or null when the
     * context has none (a volume of a controller from before scoped credentials); a malformed one is
     * INVALID_ARGUMENT.
     */
    static ScopedCredential fromContext(Map<String, String> context, String path) {
        String ino = context.get(CONTEXT_ROOT_INO);
        String key = context.get(CONTEXT_KEY);
        if (ino == null && key == null) {
            return null;
        }
        try {
            String squash = context.getOrDefault(CONTEXT_ROOT_SQUASH, "false");
            if (ino == null || key == null || !(squash.equals("true") || squash.equals("false"))) {
                throw new IllegalArgumentException("needs " + CONTEXT_ROOT_INO + ", " + CONTEXT_KEY + " and "
                        + CONTEXT_ROOT_SQUASH + " (true or false)");
            }
            return new ScopedCredential(new Scope(Long.parseUnsignedLong(ino), squash.equals("true")),
                    HexFormat.of().parseHex(key), path);
        } catch (IllegalArgumentException e) {
            throw CsiStatus.invalid("the volume context's credential: " + e.getMessage());
        }
    }

    /** Writes the credential where the volume's mount process reads it (0600, in the node's state folder). */
    static Path store(ScopedCredential c, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        c.write(file);
        return file;
    }
}
