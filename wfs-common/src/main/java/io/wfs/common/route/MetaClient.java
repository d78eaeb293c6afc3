package io.wfs.common.route;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AnnounceOpensRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.client.RpcClient;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends metadata requests to the leader of the group owning each request's routing inode.
 * Follows NOT_LEADER hints, moves to another replica when one is unreachable, and backs off on
 * LOCKED/EBUSY, resending the very same request: mutations carry (session, seq), so a retry
 * after a leader change is answered once, never applied twice.
 */
public final class MetaClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetaClient.class);
    private static final long MAX_BACKOFF_MS = 500;

    private final RpcClient rpc;
    private final long session;
    private final Duration deadline;
    private final SequenceWindow sequences = new SequenceWindow();
    private final ConcurrentHashMap<String, String> leaders = new ConcurrentHashMap<>();
    private final ScheduledExecutorService retries =
            Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("meta-client-retry", true));
    private volatile SlotMap slotMap;
    private volatile HeldOpens heldOpens = HeldOpens.NONE;
    private volatile RequestGate gate = RequestGate.OPEN;
    private volatile java.util.function.LongConsumer staleRoute = version -> { };
    /** Route refreshes may wait on a manager for seconds: never on the retry thread, one at a time. */
    private final java.util.concurrent.ExecutorService routeRefresher =
            Executors.newSingleThreadExecutor(new DefaultThreadFactory("meta-client-route", true));
    private final java.util.concurrent.atomic.AtomicBoolean refreshing = new java.util.concurrent.atomic.AtomicBoolean();

    public MetaClient(RpcClient rpc, SlotMap slotMap, Duration deadline) {
        this.rpc = rpc;
        this.slotMap = slotMap;
        this.deadline = deadline;
        this.session = new SecureRandom().nextLong() & Long.MAX_VALUE | 1;
    }

    /** Routes by a newer slot map from now on (an older one is ignored). */
    public void updateSlotMap(SlotMap newer) {
        if (newer.version() > slotMap.version()) {
            slotMap = newer;
        }
    }

    /** The route version of the slot map this client routes by (stamped on every request it builds). */
    public long routeVersion() {
        return slotMap.version();
    }

    /** What this session announces to a group's new leader before resending ({@link WfsErrorCode#OPENS_UNKNOWN}). */
    public void setHeldOpens(HeldOpens heldOpens) {
        this.heldOpens = heldOpens;
    }

    public void setGate(RequestGate gate) {
        this.gate = gate;
    }

    /**
     * Called (off the network threads) with the server's route version when a server refuses a
     * request as built on an older route: the owner brings the route up to date
     * ({@link #updateSlotMap}), and the resends of the request carry the newer version.
     */
    public void onStaleRoute(java.util.function.LongConsumer refresh) {
        this.staleRoute = refresh;
    }

    public long session() {
        return session;
    }

    /** Header of a mutation by this user: takes the session's next sequence number. */
    public MetaHeader mutation(int uid, int gid, int... groups) {
        long[] seq = sequences.next();
        return new MetaHeader(uid, gid, groups).withSequence(session, seq[0], seq[1]).withRouteVersion(slotMap.version());
    }

    /** Header of a read by this user (no sequence: reads are safe to repeat). */
    public MetaHeader query(int uid, int gid, int... groups) {
        return new MetaHeader(uid, gid, groups).withRouteVersion(slotMap.version());
    }

    /**
     * Header of a read whose answer this client may cache under a lease: it names the session, so
     * the leader can lease the answer to it (validation wants a sequence number with a session;
     * nothing is recorded under it for a read).
     */
    public MetaHeader leasedQuery(int uid, int gid, int... groups) {
        return mutation(uid, gid, groups);
    }

    /** The group that owns {@code ino}'s slot in the current slot map. */
    public SlotMap.Group groupOf(long ino) {
        return slotMap.groupOfIno(ino);
    }

    public <R extends Response> CompletableFuture<R> call(MetaRequest<R> request) {
        return call(request, null);
    }

    /**
     * As {@link #call}, for a caller that waits for the answer at once: its first attempt is sent
     * and answered on the calling thread ({@link RpcClient#callHere}); retries go as in {@link #call}.
     */
    public <R extends Response> CompletableFuture<R> callHere(MetaRequest<R> request) {
        return call(request, Thread.currentThread());
    }

    private <R extends Response> CompletableFuture<R> call(MetaRequest<R> request, Thread caller) {
        CompletableFuture<R> result = new CompletableFuture<>();
        long giveUpAt = System.nanoTime() + deadline.toNanos();
        RequestGate g = gate;
        CompletableFuture<Void> wait = g.before(request);
        result.whenComplete((r, e) -> g.after(request));
        if (wait == null) {
            attempt(request, result, giveUpAt, 0, null, caller);
        } else {
            wait.whenComplete((ok, error) -> {
                if (error != null) {
                    result.completeExceptionally(WfsException.unwrap(error));
                } else {
                    attempt(request, result, giveUpAt, 0, null, caller);
                }
            });
        }
        long seq = request.header().seq();
        if (request.header().session() == session && seq > 0) {
            result.whenComplete((r, e) -> sequences.done(seq));
        }
        return result;
    }

    /** One attempt; sent on the calling thread when it is {@code caller}, the thread that waits for the answer. */
    private <R extends Response> void attempt(MetaRequest<R> request, CompletableFuture<R> result, long giveUpAt,
                                              int attempt, String preferred, Thread caller) {
        SlotMap map = slotMap;
        request.header().raiseRouteVersion(map.version());
        SlotMap.Group group = map.groupOfIno(request.routingIno());
        String target = preferred != null ? preferred : leaders.getOrDefault(group.id(), group.peers().get(0).clientAddress());
        InetSocketAddress to = parse(target);
        CompletableFuture<R> sent = caller == Thread.currentThread() ? rpc.callHere(to, request) : rpc.call(to, request);
        sent.whenComplete((response, error) -> {
            if (error == null) {
                leaders.put(group.id(), target);
                result.complete(response);
                return;
            }
            WfsException e = WfsException.unwrap(error);
            if (!e.code().retryable()) {
                result.completeExceptionally(e);
                return;
            }
            if (e.code() == WfsErrorCode.TIMEOUT) {
                // A node that did not answer is not where the next call starts, even when this one gives
                // up now: a paused leader keeps its connections open, and a call whose deadline is one
                // attempt long (a cross-group step) would otherwise wait out its timeout there every time.
                String after = peerAfter(group, target);
                leaders.compute(group.id(), (id, cached) -> cached == null || cached.equals(target) ? after : cached);
            }
            if (System.nanoTime() > giveUpAt) {
                result.completeExceptionally(gaveUp(request, group, target, attempt, e));
                return;
            }
            if (e.code() == WfsErrorCode.OPENS_UNKNOWN) {
                // A new leader: it learns this session's open files before anything else of it.
                announceOpens(group, target).whenComplete((ok, announceError) ->
                        attempt(request, result, giveUpAt, attempt + 1, target, null));
                return;
            }
            if (e.code() == WfsErrorCode.STALE_ROUTE && e.routeVersion() > slotMap.version()
                    && refreshing.compareAndSet(false, true)) {
                long newer = e.routeVersion();
                routeRefresher.execute(() -> refreshRoute(newer));
            }
            String next = nextTarget(group, target, e);
            long backoff = e.code() == WfsErrorCode.NOT_LEADER && e.leaderHint() != null
                    ? 0 : Math.min(MAX_BACKOFF_MS, 10L << Math.min(attempt, 6));
            retries.schedule(() -> attempt(request, result, giveUpAt, attempt + 1, next, null), backoff, TimeUnit.MILLISECONDS);
        });
    }

    private void refreshRoute(long serverVersion) {
        try {
            staleRoute.accept(serverVersion);
        } catch (RuntimeException e) {
            LOG.debug("route refresh after STALE_ROUTE failed, the resends retry it: {}", e.toString());
        } finally {
            refreshing.set(false);
        }
    }

    /**
     * The error of a request retried until its deadline, saying so: a log line then tells a loop
     * that never ended (the same answer every time) from one slow answer.
     */
    private WfsException gaveUp(MetaRequest<?> request, SlotMap.Group group, String target, int attempt, WfsException last) {
        String what = request.getClass().getSimpleName() + " to group " + group.id() + " gave up after " + (attempt + 1)
                + " attempts in " + deadline.toMillis() + " ms, the last at " + target + ": " + last.getMessage();
        if (attempt > 0) {
            LOG.warn(what);
        }
        return new WfsException(last.code(), what, last.leaderHint(), last.routeVersion(), last);
    }

    private CompletableFuture<OkReply> announceOpens(SlotMap.Group group, String target) {
        HeldOpens.Held held = heldOpens.in(group);
        // A sequence number as any request of the session has; nothing is recorded under it.
        MetaHeader h = mutation(0, 0);
        CompletableFuture<OkReply> sent = rpc.call(parse(target),
                new AnnounceOpensRequest(h, group.slots()[0], held.inos(), held.counts(), heldOpens.opensFiles(), held.locks())
                        .atOpenEpoch(held.openEpoch()));
        sent.whenComplete((r, e) -> sequences.done(h.seq()));
        return sent;
    }

    /** Where to try next: the hinted leader, else the next replica of the group. */
    private String nextTarget(SlotMap.Group group, String failed, WfsException e) {
        if (e.code() == WfsErrorCode.NOT_LEADER && e.leaderHint() != null && !e.leaderHint().equals(failed)) {
            leaders.put(group.id(), e.leaderHint());
            return e.leaderHint();
        }
        if (e.code() == WfsErrorCode.LOCKED || e.code() == WfsErrorCode.EBUSY) {
            return failed;
        }
        leaders.remove(group.id(), failed);
        return peerAfter(group, failed);
    }

    /** The group's peer after {@code failed} in its list (the first when {@code failed} is not one of them). */
    private static String peerAfter(SlotMap.Group group, String failed) {
        List<SlotMap.Peer> peers = group.peers();
        for (int i = 0; i < peers.size(); i++) {
            if (peers.get(i).clientAddress().equals(failed)) {
                return peers.get((i + 1) % peers.size()).clientAddress();
            }
        }
        return peers.get(0).clientAddress();
    }

    static InetSocketAddress parse(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }

    /** Mutations whose outcome is not known yet (tests check nothing is left behind). */
    public int inFlight() {
        return sequences.inFlight();
    }

    @Override
    public void close() {
        retries.shutdownNow();
        routeRefresher.shutdownNow();
    }
}
