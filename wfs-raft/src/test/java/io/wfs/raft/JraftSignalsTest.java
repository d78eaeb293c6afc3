package io.wfs.raft;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/**
 * Once jraft's node class is loaded through us, SIGUSR2 still has the JVM's handler, not jraft's
 * (which made every profiler sample start a thread). Every jraft node of this module starts
 * through RaftNodeHost, which calls the same method first.
 */
class JraftSignalsTest {
    @Test
    void jraftsNodeClassIsLoadedAndSigusr2KeepsTheJvmsHandler() throws Exception {
        JraftSignals.keepTheJvmHandler();
        // Initialising it again is nothing when keepTheJvmHandler did; else jraft's handler goes on now.
        Class.forName("com.alipay.sofa.jraft.core.NodeImpl", true, JraftSignalsTest.class.getClassLoader());
        Class<?> handler = JraftSignals.currentHandler().getClass();
        assertFalse(handler.getName().startsWith("com.alipay"), "SIGUSR2 handled by " + handler);
    }
}
