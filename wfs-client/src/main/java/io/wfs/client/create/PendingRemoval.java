package io.wfs.client.create;

import io.wfs.client.Caller;
import java.util.concurrent.CompletableFuture;

/**
 * One unlink (or rmdir of an empty directory it made there) this client answered itself in a
 * delegated directory (PendingChanges), from then until the batch that carries it was answered. Guarded by {@link AsyncCreates}.
 */
final class PendingRemoval {
    final byte[] name;
    final String nameString;
    /** The file (or directory) the name led to: the servers refuse the removal if it leads elsewhere. */
    final long ino;
    final Caller caller;
    /** How many times the group refused it with LOCKED so far (CreateBatches sends it again). */
    int lockedRefusals;
    /** Completes when the group answered it (applied or refused: anyone waiting asks the group next). */
    final CompletableFuture<Void> applied = new CompletableFuture<>();

    PendingRemoval(byte[] name, String nameString, long ino, Caller caller) {
        this.name = name;
        this.nameString = nameString;
        this.ino = ino;
        this.caller = caller;
    }
}
