package io.wfs.meta.session;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * What client sessions hold in a group, replicated: open files (with orphans). Their locks and
 * open counts are the leader's memory ({@link LeaderOpens}, {@link LeaderLocks}).
 */
public final class ClientState {
    private final OpenFiles openFiles = new OpenFiles();

    public OpenFiles openFiles() {
        return openFiles;
    }

    public void write(DataOutputStream out) throws IOException {
        openFiles.write(out);
        // The snapshot's lock table, empty since locks left the log: the format stays readable both ways.
        out.writeInt(0);
    }

    public void read(DataInputStream in) throws IOException {
        openFiles.read(in);
        skipLockTable(in);
    }

    /**
     * Skips the lock table of a snapshot written when locks were replicated. Its holders announce
     * them to the next leader, as they announce opens.
     */
    private static void skipLockTable(DataInputStream in) throws IOException {
        for (int n = in.readInt(), i = 0; i < n; i++) {
            in.readLong();
            for (int m = in.readInt(), j = 0; j < m; j++) {
                in.skipNBytes(8 + 8 + 1 + 1 + 8 + 8);
            }
        }
    }
}
