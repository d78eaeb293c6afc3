package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SliceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One file this client created under a delegation and told its application about, from then
 * until the meta group answered the batch that creates it there. Guarded by {@link AsyncCreates}.
 */
final class PendingCreate {
    final long dir;
    final long ino;
    /** Its name: a rename before its batch left changes it (PendingChanges). */
    byte[] name;
    String nameString;
    final Caller caller;
    /**
     * How long a file just created or changed is kept out of batches, for its commit and its
     * application's chown, chmod and utimens to ride along (a small file's write and close; tar):
     * client.async-create-hold.
     */
    private final long holdNs;
    /** How long a file is held back at most after its create, however busy its application keeps it. */
    private static final long MAX_HOLD_NS = TimeUnit.SECONDS.toNanos(1);
    /**
     * A closed file its application left alone this long joins a batch that leaves anyway, before
     * its own hold ends: what follows a close (rsync's chmod and rename, tar's utimens) comes
     * within microseconds, and every file held to its end made batches of one or two files.
     */
    static final long QUIET_NS = TimeUnit.MILLISECONDS.toNanos(5);

    /** The attributes its application was told last: its number, mode, owner and times. */
    InodeAttr attr;
    /** When the client answered the create (the file's times until something changes them). */
    final long createdNs;
    private final long createdNanos;
    /** When its application last worked on it (created, wrote, changed it). */
    private long activeNanos;
    /** Held back until then (System.nanoTime), if nothing waits for it earlier. */
    long holdUntilNanos;
    /** Completes when the group applied it; fails with its error when the group refused it. */
    final CompletableFuture<Void> applied = new CompletableFuture<>();
    /**
     * The application's descriptors of it: its create's, and opens answered here before the batch
     * left (AsyncCreates#openHere); the batch counts them on the leader. 0 once all were closed.
     */
    int handles = 1;
    /** The descriptors its batch counted when it left. */
    int sentHandles;
    /** Descriptors closed while its batch was in flight: their closes go to the leader once the file exists there. */
    int closesAfterApply;
    /**
     * Kept out of batches while its application may still write and close it (briefly): its commit
     * then rides in its create's entry. Anyone waiting for it, and a timer, let it go.
     */
    boolean held = true;
    /** A directory recalled (or its group's lease lost) before its batch was answered: not held empty here. */
    boolean recalled;
    /** The commit riding with the create: slices in order, and the size. */
    final List<SliceInfo> slices = new ArrayList<>(0);
    long size;
    /** When the riding commit was made (its mtime and ctime), 0 without one. */
    long commitTimeNs;
    /** The atime and mtime a change (utimens) set, KEEP_TIME when none did or a later commit replaced it. */
    long atimeSet = CreateBatchRequest.KEEP_TIME;
    long mtimeSet = CreateBatchRequest.KEEP_TIME;
    /** When its owner, mode or times were last changed here (its ctime), 0 if never. */
    long changeTimeNs;

    PendingCreate(long dir, byte[] name, String nameString, Caller caller, InodeAttr attr, long holdNs) {
        this.holdNs = Math.min(holdNs, MAX_HOLD_NS);
        this.dir = dir;
        this.ino = attr.ino();
        this.name = name;
        this.nameString = nameString;
        this.caller = caller;
        this.attr = attr;
        this.createdNs = attr.ctimeNs();
        this.createdNanos = System.nanoTime();
        this.activeNanos = createdNanos;
        this.holdUntilNanos = createdNanos + this.holdNs;
    }

    /** A directory made under the delegation (AsyncCreates#mkdir): never open, written or changed here. */
    boolean directory() {
        return (attr.mode() & io.wfs.common.posix.Posix.S_IFMT) == io.wfs.common.posix.Posix.S_IFDIR;
    }

    /** Its data is being uploaded: held until the commit rides (touch), or at most until its hold's limit. */
    void flushing() {
        holdUntilNanos = createdNanos + MAX_HOLD_NS;
        activeNanos = holdUntilNanos;
    }

    /** Its application still works on it (a commit rode, a change folded): held a little longer. */
    void touch() {
        activeNanos = System.nanoTime();
        holdUntilNanos = Math.min(System.nanoTime() + holdNs, createdNanos + MAX_HOLD_NS);
    }

    /** Closed and left alone for {@link #QUIET_NS} at {@code now}: it may leave with a batch before its hold ends. */
    boolean quiet(long now) {
        return handles == 0 && now - activeNanos >= QUIET_NS;
    }

    /** A chown, chmod or utimens folded in: the attributes after it. */
    void changed(InodeAttr after, SetAttr change) {
        attr = after;
        if (PendingAttrChange.setsAtime(change)) {
            atimeSet = after.atimeNs();
        }
        if (change.changesMtime()) {
            mtimeSet = after.mtimeNs();
        }
        changeTimeNs = after.ctimeNs();
    }

    /** A commit rode along: its time is the file's mtime now, whatever a change set before. */
    void committed(InodeAttr after) {
        attr = after;
        commitTimeNs = after.mtimeNs();
        mtimeSet = CreateBatchRequest.KEEP_TIME;
        if (changeTimeNs != 0) {
            changeTimeNs = after.ctimeNs();
        }
    }
}
