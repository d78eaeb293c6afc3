package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.cli.WfsCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * {@code wfs quota} against a {@code wfs local} cluster with a real FUSE mount: set, get, list and
 * remove, a quota the mount then runs into, and the refusals (usage errors exit 2, the cluster's
 * refusals exit 1 with the reason).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class QuotaCommandIT {
    private MiniCluster cluster;
    private Path mount;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().mounts(1).start();
        mount = cluster.mountPoint(0);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private int quota(String... words) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        String[] args = new String[words.length + 4];
        args[0] = "quota";
        System.arraycopy(words, 0, args, 1, 1);
        args[2] = "--manager";
        args[3] = cluster.localCluster().managerAddress();
        args[4] = "--set=cluster.secret-file=" + cluster.localCluster().secretFile();
        System.arraycopy(words, 1, args, 5, words.length - 1);
        return cl.execute(args);
    }

    @Test
    void setGetListRemoveAndTheMountRunsIntoTheQuota() throws Exception {
        Files.createDirectories(mount.resolve("projects/a"));
        assertEquals(0, quota("set", "/projects/a", "--bytes", "1M", "--inodes", "3"), err.toString());
        assertTrue(out.toString().contains("/projects/a"), out.toString());
        Files.write(mount.resolve("projects/a/one"), new byte[600 * 1024]);
        Files.createDirectory(mount.resolve("projects/a/sub"));
        java.io.IOException full = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> Files.createFile(mount.resolve("projects/a/sub/three")));
        assertTrue(String.valueOf(full.getMessage()).contains("quota"), "3 inodes: the directory, one, sub: " + full);
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> Files.write(mount.resolve("projects/a/two"), new byte[600 * 1024]));

        assertEquals(0, quota("get", "/projects/a", "--json"), err.toString());
        assertTrue(out.toString().contains("\"usedBytes\" : 614400"), out.toString());
        assertTrue(out.toString().contains("\"limitBytes\" : 1048576"), out.toString());
        assertEquals(0, quota("list"), err.toString());
        assertTrue(out.toString().contains("/projects/a"), "list names the quota by path: " + out);

        assertEquals(0, quota("remove", "/projects/a"), err.toString());
        Files.write(mount.resolve("projects/a/two"), new byte[600 * 1024]);
        assertEquals(1, quota("get", "/projects/a"));
        assertTrue(err.toString().contains("no quota"), err.toString());
    }

    @Test
    void refusalsSayWhy() throws Exception {
        Files.createDirectories(mount.resolve("spread/sub"));
        Files.write(mount.resolve("file"), new byte[1]);
        assertEquals(2, quota("set", "/spread", "--bytes", "lots"));
        assertEquals(2, quota("set", "/spread", "--inodes", "-1"));
        assertEquals(1, quota("set", "/file"));
        assertTrue(err.toString().contains("ENOTDIR"), err.toString());
        assertEquals(1, quota("set", "/missing"));
        assertTrue(err.toString().contains("ENOENT"), err.toString());
        assertEquals(1, quota("remove", "/spread"));
        assertTrue(err.toString().contains("ENODATA"), err.toString());
    }
}
