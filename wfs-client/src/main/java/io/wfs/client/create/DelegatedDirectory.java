package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.namespace.CacheLeaseKeeper.GroupLease;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    private long next;
    private long end;
    final List<PendingCreate> queued = new ArrayList<>();
    List<PendingCreate> inFlight;
    /** Pending (queued or in flight) files by name, for lookups that must not overtake them. */
    final Map<String, PendingCreate> byName = new HashMap<>();
    /** Completed each time nothing is pending any more. */
    private List<CompletableFuture<Void>> idleWaiters = new ArrayList<>(0);

    DelegatedDirectory(long dir, String group, GroupLease lease) {
        this.dir = dir;
        this.group = group;
        this.lease = lease;
    }

    void addRange(long first, int count) {
        next = first;
        end = first + count;
    }

    boolean hasNumbers() {
        return next != end;
    }

    long takeNumber() {
        return next++;
    }

    boolean usable(long nowNs) {
        return active && hasNumbers() && lease.valid(nowNs);
    }

    boolean idle() {
        return queued.isEmpty() && inFlight == null;
    }

    /** The next batch: the queued files of the first one's caller, in order, at most {@code max}. */
    List<PendingCreate> takeBatch(int max) {
        Caller caller = queued.get(0).caller;
        List<PendingCreate> batch = new ArrayList<>();
        for (int i = 0; i < queued.size() && batch.size() < max; ) {
            PendingCreate p = queued.get(i);
            if (sameCaller(p.caller, caller)) {
                batch.add(queued.remove(i));
            } else {
                i++;
            }
        }
        return batch;
    }

    private static boolean sameCaller(Caller a, Caller b) {
        return a.uid() == b.uid() && a.gid() == b.gid() && java.util.Arrays.equals(a.groups(), b.groups());
    }

    CompletableFuture<Void> whenIdle() {
        if (idle()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> f = new CompletableFuture<>();
        idleWaiters.add(f);
        return f;
    }

    /** The waiters to complete now that nothing is pending (outside the lock). */
    List<CompletableFuture<Void>> takeIdleWaiters() {
        List<CompletableFuture<Void>> w = idleWaiters;
        idleWaiters = new ArrayList<>(0);
        return w;
    }
}
