package io.wfs.store.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The throttle's bookkeeping, on a simulated clock (its sleeps advance the clock). */
class ThrottleTest {
    private final AtomicLong clock = new AtomicLong(1_000_000_000_000L);
    private final Throttle throttle = new Throttle(1 << 20, clock::get, clock::addAndGet);

    @Test
    void sustainedCopyingIsHeldToTheRate() throws InterruptedException {
        long start = clock.get();
        for (int i = 0; i < 600; i++) {
            throttle.acquire(64 << 10);
        }
        // 600 × 64 KiB = 37.5 MiB at 1 MiB/s: 37.5 s, the first booking included.
        assertEquals(37_500_000_000L, clock.get() - start);
    }

    @Test
    void idleTimeEarnsOnlyABoundedBurst() throws InterruptedException {
        throttle.acquire(1 << 20);
        clock.addAndGet(60_000_000_000L);
        long afterIdle = clock.get();
        // A minute idle buys 100 ms of credit, not a minute: 2 MiB then take 2 s - 100 ms.
        throttle.acquire(1 << 20);
        throttle.acquire(1 << 20);
        assertEquals(2_000_000_000L - Throttle.BURST_NANOS, clock.get() - afterIdle);
    }
}
