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
 */
public final class FreePorts {
    private static final int LOW = 20_000;
    private static final int HIGH = 32_000;
    private static final Set<Integer> GIVEN = ConcurrentHashMap.newKeySet();

    private FreePorts() {
    }

    /** A loopback port that was free a moment ago and that this JVM has not handed out before. */
    public static int pick() throws IOException {
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOW, HIGH);
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
        throw new IOException("no free loopback port between " + LOW + " and " + HIGH + " after 1000 tries");
    }
}
