package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.Caller;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.fuse.WfsMount;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * {@code wfs mount --subdir}: a real FUSE mount rooted at /volumes/pvc-a of a local cluster, next to
 * a mount of the whole file system. The subdirectory mount sees only its volume; no path, "..",
 * symlink or rename reaches the sibling volume or anything above its root.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class SubdirMountIT {
    private MiniCluster cluster;
    private Path whole;
    private Path volume;
    private WfsClient volumeClient;

    @BeforeAll
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().mounts(1).start();
        whole = cluster.mountPoint(0);
        Files.createDirectories(whole.resolve("volumes/pvc-a/inside"));
        Files.createDirectories(whole.resolve("volumes/pvc-b"));
        Files.writeString(whole.resolve("volumes/pvc-a/inside/a.txt"), "mine");
        Files.writeString(whole.resolve("volumes/pvc-b/secret.txt"), "not yours");
        Files.writeString(whole.resolve("top.txt"), "top");
        int i = cluster.mountSubdir("/volumes/pvc-a");
        volume = cluster.mountPoint(i);
        volumeClient = cluster.mountClient(i);
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        assertFalse(WfsMount.isMounted(whole) || (volume != null && WfsMount.isMounted(volume)), "a mount was left behind");
    }

    @Test
    void theMountShowsOnlyItsDirectoryAndWritesLandThere() throws Exception {
        assertOnlyTheVolume(names(volume));
        assertEquals("mine", Files.readString(volume.resolve("inside/a.txt")));
        assertEquals(Files.getAttribute(whole.resolve("volumes/pvc-a"), "unix:ino"), Files.getAttribute(volume, "unix:ino"),
                "the mount's root is the volume's directory (use_ino)");
        Files.writeString(volume.resolve("written.txt"), "through the subdir mount");
        assertEquals("through the subdir mount", Files.readString(whole.resolve("volumes/pvc-a/written.txt")));
        assertThrows(NoSuchFileException.class, () -> Files.readString(volume.resolve("top.txt")));
        assertThrows(NoSuchFileException.class, () -> Files.readString(volume.resolve("volumes/pvc-b/secret.txt")));
    }

    @Test
    void dotDotAtTheRootStaysAtTheRoot() {
        Caller root = Caller.ROOT;
        assertEquals(volumeClient.rootIno(), volumeClient.getattr(root, "/..").ino());
        assertEquals(volumeClient.rootIno(), volumeClient.getattr(root, "/../../..").ino());
        assertEquals(volumeClient.getattr(root, "/inside").ino(), volumeClient.getattr(root, "/../inside/../../inside").ino());
        WfsException sibling = assertThrows(WfsException.class,
                () -> volumeClient.getattr(root, "/../pvc-b/secret.txt"));
        assertEquals(WfsErrorCode.ENOENT, sibling.code());
        List<DirEntry> listed = volumeClient.readdir(root, "/..");
        assertOnlyTheVolume(listed.stream().map(e -> new String(e.name(), StandardCharsets.UTF_8)).collect(Collectors.toSet()));
    }

    @Test
    void renamesAndLinksAimedAboveTheRootStayInside() throws Exception {
        Files.writeString(volume.resolve("inside/tomove.txt"), "moving");
        volumeClient.rename(Caller.ROOT, "/inside/tomove.txt", "/../../moved.txt", 0);
        assertEquals("moving", Files.readString(whole.resolve("volumes/pvc-a/moved.txt")));
        assertFalse(Files.exists(whole.resolve("moved.txt")));
        assertFalse(Files.exists(whole.resolve("volumes/moved.txt")));
        WfsException rootMove = assertThrows(WfsException.class, () -> volumeClient.rename(Caller.ROOT, "/..", "/x", 0));
        assertEquals(WfsErrorCode.EINVAL, rootMove.code());
    }

    @Test
    void aSymlinkPointingAboveTheRootDoesNotReachTheSibling() throws Exception {
        // The kernel follows symlinks; "../pvc-b" from the mount's root leaves the mount for the host folder.
        Files.createSymbolicLink(volume.resolve("escape"), Path.of("../pvc-b"));
        assertFalse(Files.exists(volume.resolve("escape/secret.txt")));
        assertTrue(Files.exists(whole.resolve("volumes/pvc-a/escape/secret.txt")), "the same link works on the whole mount");
    }

    @Test
    void aMissingOrNonDirectorySubdirIsRefusedWithItsErrno() {
        WfsException missing = assertThrows(WfsException.class, () -> client("/volumes/none"));
        assertEquals(WfsErrorCode.ENOENT, missing.code());
        assertTrue(missing.getMessage().contains("/volumes/none"), missing.getMessage());
        WfsException file = assertThrows(WfsException.class, () -> client("/top.txt"));
        assertEquals(WfsErrorCode.ENOTDIR, file.code());
    }

    private WfsClient client(String subdir) {
        WfsConfig config = WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, cluster.managerList())
                .with(ClientConfigKeys.SUBDIR, subdir);
        return new WfsClient(config, cluster.secret(), new MetricRegistry());
    }

    /** The volume's own entry is listed; nothing of the levels above it (other tests add files of their own). */
    private static void assertOnlyTheVolume(Set<String> names) {
        assertTrue(names.contains("inside"), names.toString());
        for (String above : List.of("volumes", "top.txt", "pvc-a", "pvc-b", "secret.txt")) {
            assertFalse(names.contains(above), above + " listed in " + names);
        }
    }

    private static Set<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
