package io.wfs.raft;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
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
        Class<?> signal = Class.forName("sun.misc.Signal");
        Class<?> handler = Class.forName("sun.misc.SignalHandler");
        Object usr2 = signal.getConstructor(String.class).newInstance("USR2");
        Method handle = signal.getMethod("handle", signal, handler);
        Object current = handle.invoke(null, usr2, handler.getField("SIG_IGN").get(null));
        handle.invoke(null, usr2, current);
        assertFalse(current.getClass().getName().startsWith("com.alipay"), "SIGUSR2 handled by " + current.getClass());
        assertTrue(isLoaded("com.alipay.sofa.jraft.core.NodeImpl"), "jraft's node class is loaded");
    }

    private static boolean isLoaded(String name) {
        try {
            Class.forName(name, false, JraftSignalsTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
