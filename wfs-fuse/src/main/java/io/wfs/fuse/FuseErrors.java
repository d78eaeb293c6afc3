package io.wfs.fuse;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every FUSE handler runs through here: jnr-fuse swallows exceptions and answers 0 (a failed
 * write would report success), so each one is caught, counted, logged when unexpected, and
 * answered with the right negative errno. And each one counts as busy in the mount's own FUSE
 * loops, if it has them ({@link FuseLoops#requestStarts}).
 */
final class FuseErrors {
    private static final Logger LOG = LoggerFactory.getLogger(FuseErrors.class);

    /** A handler body; returns 0 or a positive count. */
    @FunctionalInterface
    interface Body {
        int run() throws Exception;
    }

    /** A handler body that answers 0 when it returns. */
    @FunctionalInterface
    interface Action {
        void run() throws Exception;
    }

    private final Counter failures;
    private final Counter unexpected;
    /** The mount's own loops, told when a request starts and ends; null under libfuse's workers. */
    private volatile FuseLoops loops;

    FuseErrors(MetricRegistry registry) {
        failures = registry.counter("fuse.errors");
        unexpected = registry.counter("fuse.errors.unexpected");
    }

    /** From now on requests count as busy in {@code loops}, which grow when none is left to read the next. */
    void countIn(FuseLoops loops) {
        this.loops = loops;
    }

    int call(String op, String path, Body body) {
        FuseLoops counting = loops;
        if (counting != null) {
            counting.requestStarts();
        }
        try {
            return body.run();
        } catch (WfsException e) {
            failures.inc();
            if (errno(e.code()) == 5) {
                LOG.warn("{} {}: {}", op, path, e.toString());
            } else {
                LOG.debug("{} {}: {}", op, path, e.toString());
            }
            return -errno(e.code());
        } catch (Throwable t) {
            failures.inc();
            unexpected.inc();
            LOG.error("{} {} failed unexpectedly", op, path, t);
            return -5; // EIO
        } finally {
            if (counting != null) {
                counting.requestEnds();
            }
        }
    }

    /** As {@link #call}, for a handler that answers 0 when it succeeds. */
    int run(String op, String path, Action action) {
        return call(op, path, () -> {
            action.run();
            return 0;
        });
    }

    /** Internal codes become what an application can act on. */
    static int errno(WfsErrorCode code) {
        return switch (code) {
            case NOT_LEADER, STALE_ROUTE, LOCKED, TIMEOUT, UNAVAILABLE, INTERNAL -> 5; // EIO: retries were exhausted
            default -> code.errno();
        };
    }
}
