package io.wfs.client;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This client's session with the meta groups: its heartbeats, and the opens and closes it tells
 * the groups' leaders of. The leaders keep opens in memory only, so the session also counts them
 * ({@link SessionOpens}) to announce them to a group's new leader ({@link MetaClient}).
 */
final class MetaSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetaSession.class);

    private final MetaClient meta;
    private final Supplier<SlotMap> slotMap;
    private final SessionOpens opens;
    /** Heartbeats, and the sends of gathered closes. */
    private final ScheduledExecutorService heartbeats =
            Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("wfs-session-heartbeat", true));
    private final DeferredCloses closes;

    MetaSession(MetaClient meta, Supplier<SlotMap> slotMap, Duration heartbeat, Duration closeDelay) {
        this.meta = meta;
        this.slotMap = slotMap;
        this.opens = new SessionOpens(slotMap);
        this.closes = new DeferredCloses(meta, heartbeats, closeDelay);
        meta.setHeldOpens(opens);
        // Named in the meta leaders' log when it expires (MetaGroupReplica): which client it was.
        LOG.info("session {} with the meta groups, renewed every {}", Long.toHexString(meta.session()), heartbeat);
        // Sessions hold this client's open files and locks; the servers forget an idle one after its lease.
        // The first renewal comes early so a new session is recorded in every group soon after start.
        long ms = heartbeat.toMillis();
        heartbeats.scheduleWithFixedDelay(this::heartbeat, ms / 3, ms, TimeUnit.MILLISECONDS);
    }

    /** What this session holds open and locked, as the leaders will be told after a leader change. */
    SessionOpens opens() {
        return opens;
    }

    private void heartbeat() {
        for (SlotMap.Group g : slotMap.get().groups()) {
            if (g.slots().length > 0) {
                meta.call(new SessionHeartbeatRequest(meta.mutation(0, 0), g.slots()[0])).whenComplete((r, e) -> {
                    if (e != null) {
                        LOG.warn("session heartbeat to group {} failed: {}", g.id(), e.toString());
                    }
                });
            }
        }
    }

    /** Opens {@code ino} for {@code access}: counted from before the request leaves, so an announcement racing it names the file. */
    CompletableFuture<AttrReply> open(Caller caller, long ino, int access) {
        long epoch = opens.opened(ino);
        return meta.call(new OpenRequest(meta.mutation(caller.uid(), caller.gid(), caller.groups()), ino, access, epoch));
    }

    /**
     * Opens {@code ino} for {@code access} and fetches its slices, in one request
     * ({@code GetSlicesRequest.opening}); counted from before the request leaves, as {@link #open}.
     * A server that predates the riding open answers without it: the open follows on its own.
     * Sent on the calling thread (MetaClient.callHere): the open waits for it at once.
     */
    CompletableFuture<SlicesReply> openFetching(Caller caller, long ino, int access) {
        long epoch = opens.opened(ino);
        return meta.callHere(GetSlicesRequest.opening(meta.mutation(caller.uid(), caller.gid(), caller.groups()), ino, access, epoch))
                .thenCompose(fetched -> fetched.opened() ? CompletableFuture.completedFuture(fetched)
                        : meta.call(new OpenRequest(meta.mutation(caller.uid(), caller.gid(), caller.groups()), ino, access, epoch))
                                .thenApply(attr -> fetched));
    }

    /** A file this session created open (the create counted the open on the leader). */
    CompletableFuture<AttrReply> createdOpen(long ino) {
        opens.opened(ino);
        return CompletableFuture.completedFuture(null);
    }

    /** The open {@code opened} of {@code ino} is given up: closed again if the leader counted it, else only uncounted. */
    void abandon(CompletableFuture<?> opened, Caller caller, long ino) {
        opened.whenComplete((r, openError) -> {
            if (openError == null) {
                close(caller, ino);
            } else {
                opens.closed(ino);
            }
        });
    }

    /**
     * One close; not waited for, and sent with the others of the next {@code client.close-delay}
     * (DeferredCloses). A lost one is released with the session's expiry.
     */
    void close(Caller caller, long ino) {
        closes.close(ino, opens.closed(ino));
    }

    @Override
    public void close() {
        closes.close();
        heartbeats.shutdownNow();
    }
}
