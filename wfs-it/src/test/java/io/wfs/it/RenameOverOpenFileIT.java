package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.fuse.WfsMount;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rename over a file that is open on the mount stays one atomic rename for everyone else
 * (docs/posix.md, "Unlinked open files"): libfuse first "hides" the open target, and the mount must
 * not turn that into an unlink on the servers ahead of the rename. Another mount that asks the
 * servers for every lookup watches the name the whole time; the descriptor keeps the old file.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RenameOverOpenFileIT {
    private static final int RENAMES = 150;

    @Test
    void theNameIsNeverMissingOnAnotherMount() throws Exception {
        MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().start();
        try {
            Path target = cluster.mountPoint(0).resolve("config");
            Path next = cluster.mountPoint(0).resolve("config.next");
            Path watched = cluster.mountPoint(1).resolve("config");
            Files.writeString(target, "0");
            AtomicBoolean done = new AtomicBoolean();
            AtomicInteger seen = new AtomicInteger();
            AtomicInteger missing = new AtomicInteger();
            AtomicReference<IOException> failure = new AtomicReference<>();
            Thread watcher = new Thread(() -> {
                while (!done.get()) {
                    try {
                        Files.readAttributes(watched, BasicFileAttributes.class);
                        seen.incrementAndGet();
                    } catch (NoSuchFileException e) {
                        missing.incrementAndGet();
                    } catch (IOException e) {
                        failure.set(e);
                    }
                }
            }, "watcher");
            watcher.start();
            try {
                for (int i = 1; i <= RENAMES; i++) {
                    Files.writeString(next, Integer.toString(i));
                    try (FileChannel held = FileChannel.open(target, StandardOpenOption.READ)) {
                        Files.move(next, target, StandardCopyOption.ATOMIC_MOVE);
                        ByteBuffer old = ByteBuffer.allocate(8);
                        held.read(old, 0);
                        assertEquals(Integer.toString(i - 1), new String(old.array(), 0, old.position(), StandardCharsets.UTF_8),
                                "the descriptor keeps the file it opened");
                    }
                }
            } finally {
                done.set(true);
                watcher.join();
            }
            assertEquals(null, failure.get());
            assertTrue(seen.get() > RENAMES, "the watcher looked up the name " + seen.get() + " times");
            assertEquals(0, missing.get(), "lookups that found no file during " + RENAMES + " renames over an open file");
            assertEquals(Integer.toString(RENAMES), Files.readString(watched));
        } finally {
            cluster.close();
            assertFalse(WfsMount.isMounted(cluster.mountPoint(0)) || WfsMount.isMounted(cluster.mountPoint(1)));
        }
    }
}
