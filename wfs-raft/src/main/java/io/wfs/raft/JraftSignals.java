package io.wfs.raft;

import java.lang.reflect.Method;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the JVM's own SIGUSR2 handler. jraft's {@code NodeImpl} installs a Java handler for
 * SIGUSR2 when its class loads (to print its nodes' state on {@code kill -USR2}); the JVM's
 * sampling profiler (JFR's execution samples) signals threads with SIGUSR2 too, and with jraft's
 * handler every sample started a new Java thread ("SIGUSR2 handler", hundreds a second) and
 * samples went missing: a WFS server could not be profiled. So the JVM's handler is taken
 * before jraft's class loads and put back after it; jraft's state dump on SIGUSR2 is lost (its
 * metrics are in our /metrics).
 */
final class JraftSignals {
    private static final Logger LOG = LoggerFactory.getLogger(JraftSignals.class);
    private static boolean done;

    private JraftSignals() {
    }

    /** Loads jraft's node class with the JVM's SIGUSR2 handler kept; once per process, before any node starts. */
    static synchronized void keepTheJvmHandler() {
        if (done) {
            return;
        }
        done = true;
        try {
            Object jvms = currentHandler();
            Class.forName("com.alipay.sofa.jraft.core.NodeImpl", true, JraftSignals.class.getClassLoader());
            handle(jvms);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("SIGUSR2 left as jraft set it (a profiler's samples may go missing): {}", e.toString());
        }
    }

    /**
     * The handler SIGUSR2 has now: swapped for "ignore" and straight back (sun.misc.Signal can only
     * tell the handler it replaces), so the signal is ignored for microseconds.
     */
    static Object currentHandler() throws ReflectiveOperationException {
        Object current = handle(Class.forName("sun.misc.SignalHandler").getField("SIG_IGN").get(null));
        handle(current);
        return current;
    }

    /** sun.misc.Signal.handle(USR2, handler), by reflection as jraft does: it is an internal API (jdk.unsupported). */
    private static Object handle(Object handler) throws ReflectiveOperationException {
        Class<?> signal = Class.forName("sun.misc.Signal");
        Method handle = signal.getMethod("handle", signal, Class.forName("sun.misc.SignalHandler"));
        return handle.invoke(null, signal.getConstructor(String.class).newInstance("USR2"), handler);
    }
}
