package io.wfs.common.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {
    private static final Duration SHORT = Duration.ofMillis(200);

    @Test
    void untilReturnsOnceTheConditionHoldsAndExceptionsCountAsNotYet() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        Await.until(Duration.ofSeconds(30), () -> {
            if (polls.incrementAndGet() == 1) {
                throw new IOException("not up yet");
            }
            return polls.get() >= 3;
        }, "three polls");
        assertEquals(3, polls.get());
    }

    @Test
    void aMissedDeadlineNamesWhatWasAwaitedAndCarriesTheLastException() {
        IOException last = new IOException("connection refused");
        AssertionError e = assertThrows(AssertionError.class, () -> Await.until(SHORT, () -> {
            throw last;
        }, "the server answers"));
        assertTrue(e.getMessage().contains("the server answers"), e.getMessage());
        assertTrue(e.getMessage().contains("200 ms"), e.getMessage());
        assertSame(last, e.getCause());

        AtomicInteger seen = new AtomicInteger();
        AssertionError computed = assertThrows(AssertionError.class, () -> Await.until(SHORT, () -> seen.incrementAndGet() < 0,
                () -> "a negative count, last " + seen.get()));
        assertTrue(computed.getMessage().contains("a negative count, last " + seen.get()), computed.getMessage());
        assertNull(computed.getCause(), "no exception on the last poll");
    }

    @Test
    void valueReturnsTheFirstNonNullValue() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        assertEquals("third", Await.value(Duration.ofSeconds(30), () -> polls.incrementAndGet() < 3 ? null : "third", "a value"));
        AssertionError e = assertThrows(AssertionError.class, () -> Await.value(SHORT, () -> null, () -> "never " + 1));
        assertTrue(e.getMessage().contains("never 1"), e.getMessage());
    }

    @Test
    void anAssertionErrorInTheConditionFailsAtOnce() {
        AtomicInteger polls = new AtomicInteger();
        AssertionError wrong = new AssertionError("unexpected error code");
        assertSame(wrong, assertThrows(AssertionError.class, () -> Await.until(Duration.ofSeconds(30), () -> {
            polls.incrementAndGet();
            throw wrong;
        }, "a lock")));
        assertEquals(1, polls.get());
    }
}
