package io.wfs.store.disk;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/** Damage as a disk would do it: bits of one byte of a block's copy flipped in its extent file. */
final class ExtentDamage {
    private ExtentDamage() {
    }

    /** Flips the bits of {@code mask} in byte {@code at} (counted from the block's first byte) of the copy at {@code location}. */
    static void flip(Path volumeDir, long location, long at, int mask) throws IOException {
        Path extent = volumeDir.resolve(String.format("extent-%08d.dat", BlockLocation.extent(location)));
        try (RandomAccessFile f = new RandomAccessFile(extent.toFile(), "rw")) {
            f.seek(BlockLocation.offset(location) + at);
            int b = f.read();
            f.seek(BlockLocation.offset(location) + at);
            f.write(b ^ mask);
        }
    }
}
