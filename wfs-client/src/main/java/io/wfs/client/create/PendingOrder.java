package io.wfs.client.create;

import io.wfs.client.namespace.MetadataCache;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.route.RequestGate;
import io.wfs.common.rpc.MessageType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The order of a client's metadata requests around what it answered itself (docs/metadata.md,
 * "Asynchronous creates"): the {@link RequestGate} of its MetaClient. A request about a file
 * still pending, or about a delegated directory with files or unlinks pending (other than a
 * lookup of a name not pending), waits until they are applied; a request that changes a
 * directory's entries is counted (EntryChanges) and ends what the client knows of its names.
 * State is AsyncCreates', under its lock.
 */
final class PendingOrder implements RequestGate {
    private static final Logger LOG = LoggerFactory.getLogger(PendingOrder.class);
    /** Requests that never wait for pending creates: the batches themselves and the session's housekeeping. */
    private static final Set<MessageType> NEVER_WAIT = EnumSet.of(MessageType.CREATE_BATCH,
            MessageType.ALLOCATE_BLOCK_IDS, MessageType.CACHE_LEASE_POLL, MessageType.SESSION_HEARTBEAT,
            MessageType.ANNOUNCE_OPENS);

    private final AsyncCreates owner;
    private final MetadataCache cache;

    PendingOrder(AsyncCreates owner, MetadataCache cache) {
        this.owner = owner;
        this.cache = cache;
    }

    @Override
    public CompletableFuture<Void> before(MetaRequest<?> request) {
        MessageType type = MessageType.ofRequest(request.getClass());
        if (type == MessageType.DELEGATE_CREATES) {
            // A directory made here and not sent yet (asynchronous mkdir) must exist before it is delegated.
            synchronized (owner) {
                owner.emptyHere.remove(request.routingIno()); // files go in it next
                PendingCreate made = owner.pending.get(request.routingIno());
                return made == null ? null : owner.urge(made);
            }
        }
        if (NEVER_WAIT.contains(type)) {
            return null;
        }
        long[] named = request.namedInodes();
        if (named == null) {
            named = new long[] {request.routingIno()};
        }
        List<CompletableFuture<Void>> waits = new ArrayList<>(0);
        synchronized (owner) {
            if (EntryChanges.changesEntries(type)) {
                owner.entryChanges.sent(named);
                for (long ino : named) {
                    owner.emptyHere.remove(ino); // no longer known empty
                }
                if (!touchNames(request)) {
                    for (long ino : named) {
                        DelegatedDirectory d = owner.dirs.get(ino);
                        if (d != null) {
                            d.forgetNames();
                        }
                    }
                }
            }
            if (owner.pending.isEmpty() && owner.removing.isEmpty()) {
                return null;
            }
            for (long ino : withRemovedDirectory(request, named)) {
                PendingCreate p = owner.pending.get(ino);
                if (p != null) {
                    LOG.debug("{} names {}, created here and not sent: its batch leaves now", type, ino);
                    waits.add(owner.urge(p));
                    continue;
                }
                PendingRemoval r = owner.removing.get(ino);
                if (r != null) {
                    waits.add(r.applied);
                    continue;
                }
                DelegatedDirectory d = owner.dirs.get(ino);
                if (d == null || d.idle()) {
                    continue;
                }
                if (request instanceof LookupRequest l && !d.byName.containsKey(new String(l.name(), StandardCharsets.UTF_8))
                        && !d.removedByName.containsKey(new String(l.name(), StandardCharsets.UTF_8))) {
                    // The leader knows every name of the directory but the pending ones.
                    continue;
                }
                LOG.debug("{} names directory {}: the creates pending there leave now", type, ino);
                waits.add(owner.urge(d, false));
            }
        }
        if (waits.isEmpty()) {
            return null;
        }
        return waits.size() == 1 ? waits.get(0) : CompletableFuture.allOf(waits.toArray(new CompletableFuture[0]));
    }

    /**
     * A change of entries this client sends that names its entries (parent and name): in each
     * delegated directory among them the names stay known, now with the name touched (whether the
     * change adds or removes it, or fails: a name known that is not there only costs a lookup),
     * and the name no longer counts as a file this client made there. False for any other change.
     */
    private boolean touchNames(MetaRequest<?> request) {
        return request.visitNamedEntries(this::touch);
    }

    private void touch(long dir, byte[] name) {
        DelegatedDirectory d = owner.dirs.get(dir);
        if (d != null) {
            d.touchName(new String(name, StandardCharsets.UTF_8));
        }
    }

    /**
     * An rmdir, or a rename over a name, also waits for what is pending in the directory it removes
     * (known by name here): the group must see the files created there, and not those unlinked.
     */
    private long[] withRemovedDirectory(MetaRequest<?> request, long[] named) {
        long[] found = {0};
        request.visitEntryOfRemovedDirectory((parent, name) ->
                found[0] = cache.lookup(parent, new String(name, StandardCharsets.UTF_8)));
        long gone = found[0];
        if (gone == 0) {
            return named;
        }
        long[] more = java.util.Arrays.copyOf(named, named.length + 1);
        more[named.length] = gone;
        return more;
    }

    @Override
    public void after(MetaRequest<?> request) {
        if (!EntryChanges.changesEntries(MessageType.ofRequest(request.getClass()))) {
            return;
        }
        long[] named = request.namedInodes();
        synchronized (owner) {
            owner.entryChanges.answered(named);
        }
    }
}
