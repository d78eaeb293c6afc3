package io.wfs.common.route;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.client.RpcClient;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Calls the manager group: sends to the manager believed to lead, follows NOT_LEADER hints,
 * moves to the next manager when one is unreachable, until the deadline. Used by store and meta
 * nodes (registration, heartbeats), by {@code wfs status} and by tests. Manager requests are
 * idempotent (registration of the same address returns the same id), so resending is safe.
 */
public final class ManagerClient {
    private final RpcClient rpc;
    private final List<String> managers;
    private final Duration deadline;
    private volatile String leader;

    public ManagerClient(RpcClient rpc, List<String> managers, Duration deadline) {
        if (managers.isEmpty()) {
            throw new IllegalArgumentException("no manager addresses");
        }
        this.rpc = rpc;
        this.managers = List.copyOf(managers);
        this.deadline = deadline;
        this.leader = managers.get(0);
    }

    /** Calls and waits; the WfsException of the last attempt when the deadline passes. */
    public <R extends Response> R call(Request<R> request) {
        long giveUpAt = System.nanoTime() + deadline.toNanos();
        String target = leader;
        int attempt = 0;
        while (true) {
            try {
                R reply = rpc.call(parse(target), request).get(deadline.toMillis(), TimeUnit.MILLISECONDS);
                leader = target;
                return reply;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WfsException(WfsErrorCode.UNAVAILABLE, "interrupted");
            } catch (ExecutionException | TimeoutException e) {
                WfsException w = e instanceof TimeoutException ? new WfsException(WfsErrorCode.TIMEOUT, "no answer from "
                        + target) : WfsException.unwrap(e);
                if (w == null) {
                    throw new WfsException(WfsErrorCode.INTERNAL, String.valueOf(e.getCause()), e);
                }
                if (!w.code().retryable() || w.code() == WfsErrorCode.STALE_ROUTE || System.nanoTime() > giveUpAt) {
                    throw w;
                }
                target = next(target, w);
                if (w.code() != WfsErrorCode.NOT_LEADER || w.leaderHint() == null) {
                    sleep(Math.min(500, 20L << Math.min(attempt, 5)));
                }
                attempt++;
            }
        }
    }

    public <R extends Response> CompletableFuture<R> callAsync(Request<R> request) {
        return CompletableFuture.supplyAsync(() -> call(request));
    }

    /** The manager that answered last. */
    public String leader() {
        return leader;
    }

    public List<String> managers() {
        return managers;
    }

    private String next(String failed, WfsException e) {
        if (e.code() == WfsErrorCode.NOT_LEADER && e.leaderHint() != null && !e.leaderHint().equals(failed)) {
            return e.leaderHint();
        }
        int i = managers.indexOf(failed);
        return managers.get((i + 1) % managers.size());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Comma-separated host:port entries (blanks skipped); IllegalArgumentException naming {@code what} for a bad one. */
    public static List<String> parseAddresses(String csv, String what) {
        List<String> list = java.util.Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        for (String a : list) {
            if (a.lastIndexOf(':') <= 0) {
                throw new IllegalArgumentException(what + ": '" + a + "' is not host:port");
            }
        }
        return list;
    }

    static InetSocketAddress parse(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }
}
