package io.wfs.meta.cross;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.Response;
import io.wfs.common.route.MetaClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Blocking calls to any group for a coordinator that runs a multi-step operation on its own
 * thread; each waits at most {@code timeout} (the group client itself retries NOT_LEADER and
 * STALE_ROUTE within its deadline).
 */
final class CrossGroupCalls {
    private final MetaClient peers;
    private final Duration timeout;

    CrossGroupCalls(MetaClient peers, Duration timeout) {
        this.peers = peers;
        this.timeout = timeout;
    }

    MetaClient peers() {
        return peers;
    }

    <R extends Response> R call(MetaRequest<R> request) {
        return await(peers.call(request));
    }

    /** Attributes (and lock state) of an inode in any group, read with the caller's identity but no session. */
    AttrReply getAttr(MetaHeader caller, long ino) {
        return call(new GetAttrRequest(caller.withSequence(0, 0, 0), ino));
    }

    /** The inode an entry names, 0 when there is none (the parent's absence is the caller's to check first). */
    long lookupOrZero(LookupRequest request) {
        try {
            return call(new LookupRequest(request.header().withSequence(0, 0, 0), request.parent(), request.name()))
                    .attr().ino();
        } catch (WfsException e) {
            if (e.code() == WfsErrorCode.ENOENT) {
                return 0;
            }
            throw e;
        }
    }

    /** A header for the coordinator's own steps: root, no session. */
    MetaHeader internal() {
        return peers.mutation(0, 0);
    }

    /**
     * A step acting for the client (its uid and groups decide permissions) under this server's own
     * (session, seq): the transport resends a step whose answer was lost, and the resend must be
     * answered from the group's record. Without a sequence the resent rename target step found the
     * destination already changed (by itself), answered LOCKED, and the coordinator undid a
     * rename that had committed (the storm with moving leaders found it: a second name, a
     * replaced file that kept its link).
     */
    MetaHeader asCaller(MetaHeader client) {
        return peers.mutation(client.uid(), client.gid(), client.groups() == null ? new int[0] : client.groups());
    }

    <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw WfsException.unwrap(e.getCause());
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new WfsException(WfsErrorCode.UNAVAILABLE, "a cross-group step took longer than " + timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WfsException(WfsErrorCode.UNAVAILABLE, "interrupted");
        }
    }
}
