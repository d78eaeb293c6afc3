package io.wfs.meta.namespace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A 64-bit fingerprint of replicated state: the first 8 bytes of SHA-256 over the canonical
 * snapshot body. Equal states give equal digests on any JVM; a save/load round trip keeps it.
 */
public final class StateDigest {
    private StateDigest() {
    }

    public static long of(SlotState state) {
        return compute(out -> SlotSnapshot.writeBody(state, out));
    }

    public static long of(Namespace namespace) {
        return compute(out -> {
            for (int slot : namespace.ownedSlots()) {
                SlotSnapshot.writeBody(namespace.slot(slot), out);
            }
        });
    }

    private interface BodyWriter {
        void write(SnapshotOutput out) throws IOException;
    }

    private static long compute(BodyWriter writer) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            SnapshotOutput out = new SnapshotOutput(OutputStream.nullOutputStream(), sha);
            writer.write(out);
            out.flush();
            byte[] hash = sha.digest();
            long value = 0;
            for (int i = 0; i < 8; i++) {
                value = (value << 8) | (hash[i] & 0xFF);
            }
            return value;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is mandatory in every JRE", e);
        }
    }
}
