package io.wfs.store.node;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class PeriodicTest {
    @Test
    void aFailingPassDoesNotStopTheNextOnes() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch three = new CountDownLatch(3);
        try (Periodic p = Periodic.start("test-periodic", Duration.ofMillis(5), LoggerFactory.getLogger(PeriodicTest.class),
                () -> {
                    three.countDown();
                    if (passes.incrementAndGet() == 1) {
                        throw new IllegalStateException("first pass fails");
                    }
                })) {
            assertTrue(three.await(30, TimeUnit.SECONDS), "passes after the failing one: " + passes.get());
        }
    }

    @Test
    void closeInterruptsARunningPass() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        Periodic p = Periodic.start("test-periodic", Duration.ofMillis(1), LoggerFactory.getLogger(PeriodicTest.class), () -> {
            running.countDown();
            try {
                never.await(); // a pass that runs until interrupted
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        });
        assertTrue(running.await(30, TimeUnit.SECONDS));
        p.close();
        assertTrue(interrupted.await(30, TimeUnit.SECONDS), "the pass saw the interrupt");
    }
}
