package io.wfs.meta.session;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/** What client sessions hold in a group: open files (with orphans) and locks. */
public final class ClientState {
    private final OpenFiles openFiles = new OpenFiles();
    private final LockTable locks = new LockTable();

    public OpenFiles openFiles() {
        return openFiles;
    }

    public LockTable locks() {
        return locks;
    }

    public void write(DataOutputStream out) throws IOException {
        openFiles.write(out);
        locks.write(out);
    }

    public void read(DataInputStream in) throws IOException {
        openFiles.read(in);
        locks.read(in);
    }
}
