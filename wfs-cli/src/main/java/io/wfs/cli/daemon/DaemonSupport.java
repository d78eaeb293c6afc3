package io.wfs.cli.daemon;

import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;

/** What every daemon command does alike: read the secret, run until SIGTERM/SIGINT, stop cleanly. */
public final class DaemonSupport {
    private DaemonSupport() {
    }

    /** The cluster secret from {@code cluster.secret-file}; a usage error (exit 2) when missing or unreadable. */
    public static ClusterSecret secret(WfsConfig config, CommandLine cl) {
        String file = config.get(CommonConfigKeys.SECRET_FILE);
        if (file.isBlank()) {
            throw new CommandLine.ParameterException(cl, CommonConfigKeys.SECRET_FILE.name() + " must be set");
        }
        try {
            return ClusterSecret.load(Path.of(file));
        } catch (IOException e) {
            throw new CommandLine.ParameterException(cl, "cannot read the cluster secret: " + e.getMessage());
        }
    }

    /** Blocks until the JVM is asked to stop; then closes {@code server} (from the shutdown hook). */
    static void runUntilStopped(AutoCloseable server) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception e) {
                System.err.println("wfs: error while stopping: " + e);
            } finally {
                stopped.countDown();
            }
        }, "wfs-shutdown"));
        stopped.await();
    }
}
