package io.wfs.store.disk;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/** What the volume tests build: a volume replica in a folder, and blocks of random bytes. */
final class TestBlocks {
    private TestBlocks() {
    }

    /** Volume 1 in {@code dir}/volume-1, writable, with 64 MiB extents. */
    static VolumeReplica volume(Path dir) throws java.io.IOException {
        return VolumeReplica.create(dir.resolve("volume-1"), new VolumeDescriptor(1, List.of("a:1"), true), 64L << 20);
    }

    /** {@code n} bytes drawn from {@code seed}. */
    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
