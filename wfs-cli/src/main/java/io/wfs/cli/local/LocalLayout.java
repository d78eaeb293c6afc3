package io.wfs.cli.local;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The addresses of a local cluster, chosen once (free loopback ports) and kept in
 * {@code DIR/cluster.properties}: Raft groups know their peers by address, so a restart must
 * come back on the same ones.
 */
final class LocalLayout {
    private final Path dir;
    private final Properties addresses;

    private LocalLayout(Path dir, Properties addresses) {
        this.dir = dir;
        this.addresses = addresses;
    }

    static LocalLayout open(Path dir, int nodes, int stores) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("cluster.properties");
        Properties p = new Properties();
        if (Files.exists(file)) {
            try (Reader r = Files.newBufferedReader(file)) {
                p.load(r);
            }
            return new LocalLayout(dir, p);
        }
        p.setProperty("manager.raft", free());
        p.setProperty("manager.rpc", free());
        for (int i = 0; i < nodes; i++) {
            p.setProperty("meta" + i + ".raft", free());
            p.setProperty("meta" + i + ".rpc", free());
        }
        for (int i = 0; i < stores; i++) {
            p.setProperty("store" + i, free());
        }
        try (Writer w = Files.newBufferedWriter(file)) {
            p.store(w, "WFS local cluster addresses (chosen at the first start; Raft peers are known by them)");
        }
        return new LocalLayout(dir, p);
    }

    Path dir() {
        return dir;
    }

    String address(String key) {
        String a = addresses.getProperty(key);
        if (a == null) {
            throw new IllegalStateException(dir.resolve("cluster.properties") + " has no address for " + key);
        }
        return a;
    }

    String managerAddress() {
        return address("manager.rpc");
    }

    private static String free() throws IOException {
        return "127.0.0.1:" + io.wfs.common.rpc.FreePorts.pick();
    }
}
