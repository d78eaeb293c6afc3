package io.wfs.store.disk;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * What a replica knows about its volume besides the blocks, kept in {@code volume.properties}:
 * the replica list (first = primary), whether it takes new blocks, and whether it is a copy in
 * progress that the route does not name yet (re-replication: such a replica is never dropped as
 * "replaced", docs/store.md). Rewritten atomically
 * (temp file + rename) so a crash leaves the old or the new version, never half of one.
 */
public record VolumeDescriptor(int volume, List<String> replicas, boolean writable, boolean copying) {
    public static final String FILE = "volume.properties";

    public VolumeDescriptor {
        replicas = List.copyOf(replicas);
    }

    public VolumeDescriptor(int volume, List<String> replicas, boolean writable) {
        this(volume, replicas, writable, false);
    }

    public String primary() {
        return replicas.get(0);
    }

    public VolumeDescriptor withWritable(boolean w) {
        return new VolumeDescriptor(volume, replicas, w, copying);
    }

    public void store(Path dir) throws IOException {
        Properties p = new Properties();
        p.setProperty("volume", Integer.toString(volume));
        p.setProperty("replicas", String.join(",", replicas));
        p.setProperty("writable", Boolean.toString(writable));
        p.setProperty("copying", Boolean.toString(copying));
        Path tmp = dir.resolve(FILE + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp)) {
            p.store(w, "WFS volume replica");
        }
        Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static VolumeDescriptor load(Path dir) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(dir.resolve(FILE))) {
            p.load(r);
        }
        return new VolumeDescriptor(Integer.parseInt(p.getProperty("volume")),
                Arrays.asList(p.getProperty("replicas").split(",")), Boolean.parseBoolean(p.getProperty("writable")),
                Boolean.parseBoolean(p.getProperty("copying", "false")));
    }
}
