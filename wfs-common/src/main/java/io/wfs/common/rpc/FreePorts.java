package io.wfs.common.rpc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback ports to fix in advance (Raft peers know each other by address, so a local cluster
 * and the tests choose them before anything binds). Picked below Linux's ephemeral range
 * (32768-60999): a port the kernel handed out for bind(0) and that was then released is the
 * first an outgoing connection's local port may take, before the server that wanted it binds.
 * A port is handed out once per JVM.
 *
 * <p>Two JVMs that pick at once (the test suite's two forks, and the {@code wfs local} clusters
 * they start) cannot know each other's picks, and a node restarted on its old port leaves that port
 * free for a moment. Each is therefore given a range of its own in {@value #RANGE_VARIABLE}
 * ({@code LOW-HIGH}, inherited by the processes it starts); without it, the whole default range.
 */
public final class FreePorts {
    /** The environment variable (or system property {@code wfs.free-ports}) that narrows the range. */
    public static final String RANGE_VARIABLE = "WFS_FREE_PORTS";
    static final int LOW = 20_000;
    static final int HIGH = 32_000;
    private static final int[] RANGE = range(System.getProperty("wfs.free-ports", System.getenv(RANGE_VARIABLE)));
    private static final Set<Integer> GIVEN = ConcurrentHashMap.newKeySet();

    private FreePorts() {
    }

    /** A loopback port that was free a moment ago and that this JVM has not handed out before. */
    public static int pick() throws IOException {
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(RANGE[0], RANGE[1]);
            if (!GIVEN.add(port)) {
                continue;
            }
            try (ServerSocket s = new ServerSocket()) {
                s.setReuseAddress(false);
                s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                return port;
            } catch (IOException inUse) {
                // Taken by someone else: try another.
            }
        }
        throw new IOException("no free loopback port between " + RANGE[0] + " and " + RANGE[1] + " after 1000 tries");
    }

    /** {@code [low, high)} from "LOW-HIGH"; the default range when unset; a clear error when malformed. */
    static int[] range(String spec) {
        if (spec == null || spec.isBlank()) {
            return new int[] {LOW, HIGH};
        }
        String[] parts = spec.trim().split("-");
        try {
            int low = Integer.parseInt(parts[0].trim());
            int high = parts.length == 2 ? Integer.parseInt(parts[1].trim()) : -1;
            if (parts.length == 2 && low >= 1024 && high <= 65_536 && high - low >= 100) {
                return new int[] {low, high};
            }
        } catch (NumberFormatException malformed) {
            // Told below.
        }
        throw new IllegalArgumentException(RANGE_VARIABLE + "=" + spec
                + ": expected LOW-HIGH, 1024 <= LOW, HIGH <= 65536, at least 100 ports");
    }
}
