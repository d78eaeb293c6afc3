package io.wfs.client.create;

import io.wfs.client.namespace.CacheLeaseKeeper;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.common.route.MetaClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a leader's recall does to this client's delegations (docs/metadata.md, "Asynchronous
 * creates", the recall): the recalled directory stops answering creates and mkdirs here, and what
 * it has pending is sent before the lease poll acknowledges. State is AsyncCreates', under its lock.
 */
final class DelegationRecalls implements CacheLeaseKeeper.RecallListener {
    private static final Logger LOG = LoggerFactory.getLogger(DelegationRecalls.class);
    private final AsyncCreates owner;
    private final DelegationAsker asker;
    private final MetaClient meta;
    private final MetadataCache cache;

    DelegationRecalls(AsyncCreates owner, DelegationAsker asker, MetaClient meta, MetadataCache cache) {
        this.owner = owner;
        this.asker = asker;
        this.meta = meta;
        this.cache = cache;
    }

    /**
     * The leader recalls {@code keys} (cache-lease invalidations): every delegated directory
     * among them stops answering creates here, and what it has pending is sent. Completes when
     * all of it was answered, so the poll acknowledges only then.
     */
    @Override
    public CompletableFuture<Void> recalled(long[] keys) {
        List<CompletableFuture<Void>> flushed = new ArrayList<>(0);
        synchronized (owner) {
            for (long key : keys) {
                // An answer on its way is void: the leader took the delegation back before we saw it.
                asker.recalledWhileAsking(key);
                forgetEmpty(key);
                DelegatedDirectory d = owner.dirs.get(key);
                if (d != null) {
                    flushed.add(giveBack(d));
                }
            }
        }
        return flushed.isEmpty() ? CompletableFuture.completedFuture(null)
                : CompletableFuture.allOf(flushed.toArray(new CompletableFuture[0]));
    }

    /** The lease of {@code group} was lost or restarted: its delegations are void; what is pending still goes. */
    @Override
    public void groupLost(String group) {
        LOG.debug("the cache lease of group {} was lost: its delegations are void", group);
        synchronized (owner) {
            asker.forgetAsking(dir -> meta.groupOf(dir).id().equals(group));
            owner.emptyHere.keySet().removeIf(dir -> meta.groupOf(dir).id().equals(group));
            owner.pending.values().forEach(p -> p.recalled |= p.directory());
            for (DelegatedDirectory d : new ArrayList<>(owner.dirs.values())) {
                if (d.group.equals(group)) {
                    giveBack(d);
                }
            }
        }
    }

    /**
     * A directory made here is no longer known empty once recalled; one whose batch is on its way
     * is not taken as held when the answer comes (the leader took it back before we saw it).
     */
    private void forgetEmpty(long dir) {
        owner.emptyHere.remove(dir);
        PendingCreate made = owner.pending.get(dir);
        if (made != null) {
            made.recalled = true;
        }
    }

    private CompletableFuture<Void> giveBack(DelegatedDirectory d) {
        LOG.debug("giving back the create delegation on {} ({} pending)", d.dir, d.queued.size());
        d.active = false;
        // Its times were this client's while it created there; from now on the leader's count.
        cache.entriesChanged(d.dir);
        asker.backOff(d.dir);
        if (d.idle()) {
            owner.dirs.remove(d.dir);
            return CompletableFuture.completedFuture(null);
        }
        return owner.urge(d, false);
    }
}
