package io.wfs.csi;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.wfs.common.error.WfsException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every CSI call is answered: its result, or the status its exception maps to (a CSI code as
 * thrown, a file system error by {@link CsiStatus#of}, anything else INTERNAL and logged). Calls
 * for one volume run one at a time (kubelet and the sidecars retry and may overlap).
 */
final class CsiCalls {
    private static final Logger LOG = LoggerFactory.getLogger(CsiCalls.class);
    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

    <T> void answer(String call, StreamObserver<T> out, Supplier<T> body) {
        T reply;
        try {
            reply = body.get();
        } catch (StatusRuntimeException e) {
            LOG.info("{}: {} {}", call, e.getStatus().getCode(), e.getStatus().getDescription());
            out.onError(e);
            return;
        } catch (WfsException e) {
            LOG.warn("{}: {}", call, e.getMessage());
            out.onError(CsiStatus.of(e));
            return;
        } catch (RuntimeException e) {
            LOG.error("{} failed", call, e);
            out.onError(Status.INTERNAL.withDescription(call + ": " + e).withCause(e).asRuntimeException());
            return;
        }
        out.onNext(reply);
        out.onCompleted();
    }

    /** Runs {@code body} holding volume {@code id}'s lock. */
    <T> T underLock(String id, Supplier<T> body) {
        ReentrantLock lock = locks.computeIfAbsent(id, k -> new ReentrantLock());
        lock.lock();
        try {
            return body.get();
        } finally {
            lock.unlock();
        }
    }
}
