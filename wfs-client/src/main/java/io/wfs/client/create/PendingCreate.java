package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SliceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One file this client created under a delegation and told its application about, from then
 * until the meta group answered the batch that creates it there. Guarded by {@link AsyncCreates}.
 */
final class PendingCreate {
    final long dir;
    final long ino;
    final byte[] name;
    final String nameString;
    final Caller caller;
    /** The attributes its application was told: its number, mode, owner and times. */
    final InodeAttr attr;
    /** Completes when the group applied it; fails with its error when the group refused it. */
    final CompletableFuture<Void> applied = new CompletableFuture<>();
    /** Still open for the application: the batch counts the open (false once it closed before the batch left). */
    boolean open = true;
    /** Closed while its batch was in flight: the close goes to the leader once the file exists there. */
    boolean closeAfterApply;
    /**
     * Kept out of batches while its application may still write and close it (briefly): its commit
     * then rides in its create's entry. Anyone waiting for it, and a timer, let it go.
     */
    boolean held = true;
    /** The commit riding with the create: slices in order, and the size. */
    final List<SliceInfo> slices = new ArrayList<>(0);
    long size;
    /** When the riding commit was made (its mtime and ctime), 0 without one. */
    long commitTimeNs;

    PendingCreate(long dir, byte[] name, String nameString, Caller caller, InodeAttr attr) {
        this.dir = dir;
        this.ino = attr.ino();
        this.name = name;
        this.nameString = nameString;
        this.caller = caller;
        this.attr = attr;
    }
}
