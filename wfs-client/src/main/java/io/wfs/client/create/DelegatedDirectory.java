package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.namespace.CacheLeaseKeeper.GroupLease;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.concurrent.CompletableFuture;

/**
 * A directory whose creates this client answers itself (docs/metadata.md, "Asynchronous
 * creates"): the inode numbers left of its reserved ranges, the files created and not yet sent,
 * the batch in flight. Guarded by {@link AsyncCreates}.
 */
final class DelegatedDirectory {
    final long dir;
    final String group;
    final GroupLease lease;
    /** False once recalled or lost: no more local creates; what is pending still goes out. */
    boolean active = true;
    /**
     * Every name of the directory is in {@link #names}: it was empty when delegated, and since then
     * only this client's creates added names (any other change of its entries here clears this).
     */
    boolean complete;
    final java.util.Set<String> names = new java.util.HashSet<>();
    private long next;
    private long end;
    private long nextDirectory;
    private long endDirectory;
    private boolean directories;
    final List<PendingCreate> queued = new ArrayList<>();
    List<PendingCreate> inFlight;
    /** Pending (queued or in flight) files by name, for lookups that must not overtake them. */
    final Map<String, PendingCreate> byName = new HashMap<>();
    /**
     * Regular files this client created here under the delegation, by name, as long as it knows the
     * name still leads to them (any other change of the entries here forgets them): an unlink of
     * one is answered here (PendingChanges).
     */
    final Object2LongOpenHashMap<String> madeHere = new Object2LongOpenHashMap<>();
    /** Unlinks answered here and not yet sent, and those of the batch in flight. */
    final List<PendingRemoval> removals = new ArrayList<>();
    List<PendingRemoval> removalsInFlight;
    /** Unlinks the group refused with LOCKED, waiting to be sent again (CreateBatches). */
    final List<PendingRemoval> refusedLocked = new ArrayList<>();
    /** Unlinks answered here and not yet applied, by name, for lookups that must not overtake them. */
    final Map<String, PendingRemoval> removedByName = new HashMap<>();

    DelegatedDirectory(long dir, String group, GroupLease lease) {
        this.dir = dir;
        this.group = group;
        this.lease = lease;
    }

    /** The names of the directory are not all known here any more. */
    /**
     * This client sends a change of {@code name} (adding or removing it): the known names keep it
     * (a superset is safe: a known name is looked up), and it is no longer a file made here.
     */
    void touchName(String name) {
        if (complete) {
            names.add(name);
        }
        madeHere.removeLong(name);
    }

    void forgetNames() {
        complete = false;
        names.clear();
        madeHere.clear();
    }

    void addRange(long first, int count) {
        next = first;
        end = first + count;
    }

    /** Numbers for directories made here (none from a server that makes no directories under a delegation). */
    void addDirectoryRange(long first, int count) {
        nextDirectory = first;
        endDirectory = first + count;
        directories = count > 0;
    }

    /** Numbers left for files, and for directories when the grant had any: else it is time to ask again. */
    boolean hasNumbers() {
        return next != end && (!directories || nextDirectory != endDirectory);
    }

    long takeNumber() {
        return next++;
    }

    /** The next number for a directory, 0 when the grant had none. */
    long takeDirectoryNumber() {
        return nextDirectory != endDirectory ? nextDirectory++ : 0;
    }

    boolean usable(long nowNs) {
        return active && hasNumbers() && lease.valid(nowNs);
    }

    boolean idle() {
        return queued.isEmpty() && inFlight == null && removals.isEmpty() && refusedLocked.isEmpty();
    }

    /** The unlinks of {@code caller} (null: of the first one's caller) to send with the next batch, in order. */
    List<PendingRemoval> takeRemovals(Caller caller) {
        List<PendingRemoval> taken = new ArrayList<>(0);
        for (int i = 0; i < removals.size(); ) {
            PendingRemoval r = removals.get(i);
            if (caller == null) {
                caller = r.caller;
            }
            if (sameCaller(r.caller, caller)) {
                taken.add(removals.remove(i));
            } else {
                i++;
            }
        }
        return taken;
    }

    /** Someone waits for what is pending: nothing is held back any more. */
    void release() {
        for (PendingCreate p : queued) {
            p.held = false;
        }
    }

    /**
     * The next batch: the queued files of the first due one's caller, in order, at most {@code max}.
     * Nothing leaves until one file is due (its hold ended, or someone waits for it); then the closed
     * files that are quiet go along, so one entry carries what a busy directory made meanwhile.
     */
    List<PendingCreate> takeBatch(int max) {
        return takeBatch(max, System.nanoTime());
    }

    /** As {@link #takeBatch(int)}, at {@code now} (System.nanoTime). */
    List<PendingCreate> takeBatch(int max, long now) {
        Caller caller = null;
        for (PendingCreate p : queued) {
            if (!p.held) {
                caller = p.caller;
                break;
            }
        }
        List<PendingCreate> batch = new ArrayList<>();
        if (caller == null) {
            return batch;
        }
        for (int i = 0; i < queued.size() && batch.size() < max; ) {
            PendingCreate p = queued.get(i);
            if ((!p.held || p.quiet(now)) && sameCaller(p.caller, caller)) {
                batch.add(queued.remove(i));
            } else {
                i++;
            }
        }
        return batch;
    }

    static boolean sameCaller(Caller a, Caller b) {
        return a.uid() == b.uid() && a.gid() == b.gid() && java.util.Arrays.equals(a.groups(), b.groups());
    }

    /**
     * Completes when every file pending now is applied (or refused: {@code refusals} then fails
     * it), whatever is created after; nothing pending now is held back any more.
     */
    CompletableFuture<Void> pendingNow(boolean refusals) {
        release();
        List<CompletableFuture<Void>> all = new ArrayList<>(queued.size() + (inFlight == null ? 0 : inFlight.size()));
        for (PendingCreate p : queued) {
            all.add(refusals ? p.applied : p.applied.exceptionally(e -> null));
        }
        if (inFlight != null) {
            for (PendingCreate p : inFlight) {
                all.add(refusals ? p.applied : p.applied.exceptionally(e -> null));
            }
        }
        for (PendingRemoval r : removedByName.values()) {
            all.add(r.applied);
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture[0]));
    }
}
