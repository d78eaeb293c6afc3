package io.wfs.common.testing;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * The one way tests wait: poll a condition until it holds or a deadline passes, then fail with a
 * message that says what was awaited. Tests never sleep for a fixed time to let something happen;
 * a slow CI machine only makes them wait longer, up to the deadline.
 */
public final class Await {
    /** Pause between two polls: short next to any deadline, long enough not to load the machine. */
    private static final long POLL_MILLIS = 50;

    private Await() {
    }

    /** A condition that may throw: an exception counts as "not yet" and is reported if the deadline passes. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** Waits until {@code condition} holds; AssertionError naming {@code what} after {@code timeout}. */
    public static void until(Duration timeout, Condition condition, String what) throws InterruptedException {
        until(timeout, condition, () -> what);
    }

    /** As {@link #until(Duration, Condition, String)}, with a message computed at failure (e.g. the last value seen). */
    public static void until(Duration timeout, Condition condition, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (true) {
            try {
                if (condition.holds()) {
                    return;
                }
                last = null;
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                last = e;
            }
            if (System.nanoTime() - deadline >= 0) {
                AssertionError failure = new AssertionError("not reached within " + timeout.toMillis() + " ms: " + what.get());
                if (last != null) {
                    failure.initCause(last);
                }
                throw failure;
            }
            Thread.sleep(POLL_MILLIS); // the poll pause: the one sleep of the tests, bounded by the deadline above
        }
    }

    /** Polls {@code value} until it returns non-null, and returns it. */
    public static <T> T value(Duration timeout, Callable<T> value, String what) throws InterruptedException {
        return value(timeout, value, () -> what);
    }

    /** As {@link #value(Duration, Callable, String)}, with a message computed at failure. */
    public static <T> T value(Duration timeout, Callable<T> value, Supplier<String> what) throws InterruptedException {
        Object[] seen = new Object[1];
        until(timeout, () -> (seen[0] = value.call()) != null, what);
        @SuppressWarnings("unchecked")
        T t = (T) seen[0];
        return t;
    }
}
