package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.data.Rpc;
import io.wfs.client.namespace.CacheLeaseKeeper;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.route.MetaClient;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When and how this client asks a directory's leader for a create delegation
 * ({@code DELEGATE_CREATES}): at the second create in a directory (the first in one this client
 * made itself: it is empty, and its maker fills it; tar, cp -r and git checkout), not again for a second after a
 * refusal or a recall (a minute when it cannot be delegated at all), and with the directory's names
 * read right after the grant when there are few (AsyncCreates answers lookups from them). State
 * guarded by the AsyncCreates lock; the requests leave outside it.
 */
final class DelegationAsker {
    private static final Logger LOG = LoggerFactory.getLogger(DelegationAsker.class);
    /** How long a directory is not asked for again after a refusal or a recall. */
    static final long RETRY_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long a directory that cannot be delegated (under a quota, outside a scope) is not asked for again. */
    private static final long REFUSED_NS = TimeUnit.MINUTES.toNanos(1);
    private static final int MAX_COUNTED_DIRS = 4096;

    private final MetaClient meta;
    private final CacheLeaseKeeper leases;
    private final AsyncCreates owner;
    private final EntryChanges changes;
    /** Synchronous creates per directory since the last delegation there: the second asks for one. */
    private final Long2IntOpenHashMap createsSeen = new Long2IntOpenHashMap();
    private final Long2LongOpenHashMap notBeforeNs = new Long2LongOpenHashMap();
    /** Directories whose delegation is being asked for; a recall meanwhile voids the answer. */
    private final LongOpenHashSet asking = new LongOpenHashSet();

    DelegationAsker(MetaClient meta, CacheLeaseKeeper leases, AsyncCreates owner, EntryChanges changes) {
        this.meta = meta;
        this.leases = leases;
        this.owner = owner;
        this.changes = changes;
    }

    /** This client made {@code dir}: its first create asks. Under the lock. */
    void madeHere(long dir) {
        if (createsSeen.size() > MAX_COUNTED_DIRS) {
            createsSeen.clear();
        }
        createsSeen.put(dir, 1);
    }

    /** True when the next create in {@code dir}, which this client does not hold, would ask for its delegation. */
    boolean aboutToFill(long dir) {
        synchronized (owner) {
            return !owner.dirs.containsKey(dir) && createsSeen.get(dir) >= 1 && !asking.contains(dir)
                    && System.nanoTime() - notBeforeNs.get(dir) >= 0;
        }
    }

    /** {@code dir} was recalled or given back: not asked for again for a while. Under the lock. */
    void backOff(long dir) {
        asking.remove(dir);
        notBeforeNs.put(dir, System.nanoTime() + RETRY_NS);
    }

    /**
     * A cache lease on {@code dir} was recalled: a delegation being asked for is void (and not asked
     * for again for a while). Other recalls do not delay a next ask: most come from this client's
     * own changes carried out by the servers (a cross-group mkdir's last step), not from a rival.
     * Under the lock.
     */
    void recalledWhileAsking(long dir) {
        if (asking.contains(dir)) {
            backOff(dir);
        }
    }

    /** The group of these directories lost its lease: answers on their way are void. Under the lock. */
    void forgetAsking(LongPredicate inGroup) {
        asking.removeIf(inGroup);
    }

    /** True when this client may create in {@code dir} now, asking for a delegation first when it is time to. */
    boolean delegated(Caller caller, long dir) {
        synchronized (owner) {
            DelegatedDirectory d = owner.dirs.get(dir);
            long now = System.nanoTime();
            if (d != null) {
                if (d.usable(now)) {
                    return true;
                }
                if (d.active && !d.hasNumbers() && d.lease.valid(now) && !asking.contains(dir)) {
                    asking.add(dir);
                } else {
                    return false;
                }
            } else {
                if (asking.contains(dir) || now - notBeforeNs.get(dir) < 0) {
                    return false;
                }
                if (!leases.of(dir, true).valid(now)) {
                    // The leader delegates only to a session that polls for leases there (it could not hear
                    // of a recall otherwise): start the poll and ask at a create once it is answered, a round
                    // trip from now, instead of being refused and waiting a second.
                    return false;
                }
                if (createsSeen.size() > MAX_COUNTED_DIRS) {
                    createsSeen.clear();
                }
                if (createsSeen.addTo(dir, 1) < 1) {
                    // The first create here goes the usual way: a lone create is not worth a delegation.
                    return false;
                }
                asking.add(dir);
            }
        }
        return ask(caller, dir);
    }

    private boolean ask(Caller caller, long dir) {
        CreateDelegationReply reply;
        List<String> names;
        long askedAt;
        synchronized (owner) {
            // A change of this client still in flight could land after the listing below.
            askedAt = changes.mark(dir);
        }
        try {
            reply = Rpc.await(meta.callHere(new DelegateCreatesRequest(
                    meta.mutation(caller.uid(), caller.gid(), caller.groups()), dir)));
            names = namesOf(caller, dir, reply.entries());
        } catch (WfsException e) {
            LOG.debug("no create delegation on {}: {}", dir, e.toString());
            synchronized (owner) {
                asking.remove(dir);
                // Held by another session now (EAGAIN): soon again. Never here (a quota, a scoped mount): rarely.
                notBeforeNs.put(dir, System.nanoTime() + (e.code() == WfsErrorCode.EAGAIN ? RETRY_NS : REFUSED_NS));
            }
            return false;
        }
        synchronized (owner) {
            if (!asking.remove(dir)) {
                // Recalled while the answer travelled: the leader already took it back.
                return false;
            }
            createsSeen.remove(dir);
            DelegatedDirectory d = owner.dirs.get(dir);
            if (d == null || !d.active) {
                if (d != null && !d.idle()) {
                    return false;
                }
                d = new DelegatedDirectory(dir, meta.groupOf(dir).id(), leases.of(dir, true));
                owner.dirs.put(dir, d);
            }
            boolean unchanged = changes.unchangedSince(dir, askedAt);
            if (names != null && unchanged && d.idle() && !d.complete) {
                // Nobody else changes the directory from now on, and this client's own changes are seen
                // by before(): the names read after the grant are all there are.
                d.names.clear();
                d.names.addAll(names);
                d.complete = true;
            }
            d.addRange(reply.firstIno(), reply.count());
            d.addDirectoryRange(reply.firstDirectoryIno(), reply.directoryCount());
            return d.usable(System.nanoTime());
        }
    }

    /** The names of {@code dir} (which has {@code entries}) in one readdir page, or null when it has more. */
    private List<String> namesOf(Caller caller, long dir, int entries) {
        if (entries == 0) {
            return List.of();
        }
        if (entries > ReaddirRequest.MAX_ENTRIES) {
            return null;
        }
        ReaddirReply page = Rpc.await(meta.callHere(new ReaddirRequest(
                // With the session: a request without one would recall this very delegation.
                meta.leasedQuery(caller.uid(), caller.gid(), caller.groups()), dir, 0, ReaddirRequest.MAX_ENTRIES, false)));
        if (!page.eof()) {
            return null;
        }
        List<String> names = new ArrayList<>(page.entries().size());
        for (DirEntry e : page.entries()) {
            names.add(new String(e.name(), StandardCharsets.UTF_8));
        }
        return names;
    }
}
