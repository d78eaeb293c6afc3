package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.testing.Await;
import io.wfs.fuse.WfsMount;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A real FUSE mount of a real local cluster (manager, 3 meta servers, 3 stores, 3 replicas) in
 * this JVM: files are written and read through the kernel with java.nio and with cp/diff.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FuseMountIT {
    private Path dir;
    private MiniCluster cluster;
    private Path mnt;

    @BeforeAll
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().mounts(1).start();
        dir = cluster.dir();
        mnt = cluster.mountPoint(0);
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        assertFalse(WfsMount.isMounted(mnt), "the test left its mount behind");
    }

    @Test
    void namespaceOperationsAndTheirErrors() throws Exception {
        Path d = Files.createDirectory(mnt.resolve("ns"));
        assertThrows(FileAlreadyExistsException.class, () -> Files.createDirectory(d));
        Path f = d.resolve("f.txt");
        Files.writeString(f, "hello wfs");
        assertEquals("hello wfs", Files.readString(f));
        assertEquals(9, Files.size(f));
        Files.move(f, d.resolve("g.txt"));
        assertThrows(NoSuchFileException.class, () -> Files.readString(f));
        Files.createSymbolicLink(d.resolve("s"), Path.of("g.txt"));
        assertEquals(Path.of("g.txt"), Files.readSymbolicLink(d.resolve("s")));
        assertEquals("hello wfs", Files.readString(d.resolve("s")));
        Files.createLink(d.resolve("h"), d.resolve("g.txt"));
        assertEquals(2, Files.getAttribute(d.resolve("g.txt"), "unix:nlink"));
        assertThrows(DirectoryNotEmptyException.class, () -> Files.delete(d));
        FileSystemException tooLong = assertThrows(FileSystemException.class,
                () -> Files.writeString(d.resolve("x".repeat(256)), "x"));
        assertTrue(String.valueOf(tooLong.getReason()).contains("too long"), tooLong.toString());
        Files.setPosixFilePermissions(d.resolve("g.txt"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertEquals(0600, (int) Files.getAttribute(d.resolve("g.txt"), "unix:mode") & 0777);
        try (var listing = Files.list(d)) {
            assertEquals(List.of("g.txt", "h", "s"), listing.map(p -> p.getFileName().toString()).sorted().toList());
        }
        Path grown = d.resolve("fallocated");
        assertEquals(0, run("fallocate", "-l", "1000000", grown.toString()));
        assertEquals(1_000_000, Files.size(grown));
        assertEquals(0, Files.readAllBytes(grown)[999_999]);
        assertTrue(run("fallocate", "--punch-hole", "-o", "0", "-l", "4096", grown.toString()) != 0,
                "modes other than 0 are refused (EOPNOTSUPP)");
        Files.delete(grown);
        for (String name : List.of("g.txt", "h", "s")) {
            Files.delete(d.resolve(name));
        }
        Files.delete(d);
        assertFalse(Files.exists(d));
    }

    /** Seeded random writes, overwrites, truncates, appends and holes, against a local file. */
    @Test
    void randomWritesMatchALocalFileAfterEveryFsyncAndAfterRemount() throws Exception {
        long seed = System.nanoTime();
        Random r = new Random(seed);
        Path local = dir.resolve("model.bin");
        Path remote = mnt.resolve("random.bin");
        try (RandomAccessFile a = new RandomAccessFile(local.toFile(), "rw");
             RandomAccessFile b = new RandomAccessFile(remote.toFile(), "rw")) {
            for (int op = 1; op <= 1500; op++) {
                int kind = r.nextInt(20);
                if (kind == 0) {
                    long size = r.nextInt(6 << 20);
                    a.setLength(size);
                    b.setLength(size);
                } else {
                    long offset = kind == 1 ? a.length() : r.nextInt(6 << 20);
                    byte[] data = new byte[1 + r.nextInt(kind == 2 ? 600_000 : 20_000)];
                    r.nextBytes(data);
                    a.seek(offset);
                    a.write(data);
                    b.seek(offset);
                    b.write(data);
                }
                if (op % 150 == 0) {
                    b.getFD().sync();
                    assertSameContent(local, remote, "seed " + seed + " after op " + op);
                }
            }
        }
        assertSameContent(local, remote, "seed " + seed + " after close");
        cluster.remount(0);
        assertSameContent(local, remote, "seed " + seed + " after remount");
    }

    private static void assertSameContent(Path expected, Path actual, String what) throws IOException {
        byte[] e = Files.readAllBytes(expected);
        byte[] a = Files.readAllBytes(actual);
        assertEquals(e.length, a.length, what + ": size");
        for (int i = 0; i < e.length; i++) {
            if (e[i] != a[i]) {
                throw new AssertionError(what + ": first difference at byte " + i);
            }
        }
    }

    @Test
    void aTreeCopiedWithCpComparesEqualWithDiff() throws Exception {
        Path source = dir.resolve("tree");
        Random r = new Random(7);
        for (int i = 0; i < 150; i++) {
            Path f = source.resolve("d" + (i % 7)).resolve("e" + (i % 3)).resolve("file-" + i);
            Files.createDirectories(f.getParent());
            byte[] data = new byte[i % 10 == 0 ? 0 : r.nextInt(i % 13 == 0 ? 3 << 20 : 40_000)];
            r.nextBytes(data);
            Files.write(f, data);
        }
        assertEquals(0, run("cp", "-r", source.toString(), mnt.resolve("copy").toString()));
        assertEquals(0, run("diff", "-r", source.toString(), mnt.resolve("copy").toString()));
        assertEquals(0, run("rm", "-r", mnt.resolve("copy").toString()));
    }

    @Test
    void anUnlinkedOpenFileStaysReadableUntilClosedThenItsSpaceIsFreed() throws Exception {
        Path f = mnt.resolve("open-unlinked");
        byte[] data = new byte[3 << 20];
        new Random(9).nextBytes(data);
        Files.write(f, data);
        long withFile = cluster.mountClient(0).statfs(io.wfs.client.Caller.ROOT).usedBytes();
        try (RandomAccessFile open = new RandomAccessFile(f.toFile(), "r")) {
            Files.delete(f);
            assertFalse(Files.exists(f));
            byte[] back = new byte[data.length];
            open.readFully(back);
            assertArrayEquals(data, back);
            assertEquals(withFile, cluster.mountClient(0).statfs(io.wfs.client.Caller.ROOT).usedBytes(), "kept while open");
        }
        // The last close releases it (asynchronously, after the kernel's release).
        Await.until(Duration.ofSeconds(20), () -> cluster.mountClient(0).statfs(io.wfs.client.Caller.ROOT).usedBytes() <= withFile - data.length,
                "the space of the unlinked file freed at its last close");
    }

    private static int run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", cmd) + " timed out");
        if (p.exitValue() != 0) {
            System.err.println(String.join(" ", cmd) + ": " + out);
        }
        return p.exitValue();
    }
}
