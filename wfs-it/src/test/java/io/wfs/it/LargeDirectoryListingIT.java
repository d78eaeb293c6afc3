package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.client.Caller;
import io.wfs.client.WfsClient;
import io.wfs.common.posix.Posix;
import io.wfs.fuse.DirectoryListing;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A directory listed through a real FUSE mount streams page by page (readdir in offset mode,
 * DirectoryListing): {@code ls -f} lists thousands of entries exactly once, and a listing that
 * runs while entries are added and removed returns every entry that stayed exactly once.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class LargeDirectoryListingIT {
    private static final int FILES = 3_000;

    @Test
    void aBigDirectoryStreamsEveryEntryOnceAlsoWhileItChanges() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(1).start()) {
            WfsClient client = cluster.mountClient(0);
            Path mount = cluster.mountPoint(0);
            client.mkdir(Caller.ROOT, "/big", 0755);
            for (int i = 0; i < FILES; i++) {
                client.release(client.open(Caller.ROOT, "/big/stable-" + i, Posix.O_CREAT | Posix.O_WRONLY, 0644));
            }

            // Resumable at any entry: a kernel buffer that takes 7 entries at a time still gets each once.
            List<String> resumed = new ArrayList<>();
            DirectoryListing listing = new DirectoryListing(client);
            long[] offset = {0};
            boolean[] more = {true};
            while (more[0]) {
                int[] taken = {0};
                more[0] = false;
                listing.fill(Caller.ROOT, "/big", offset[0], (name, attr, next) -> {
                    if (taken[0] == 7) {
                        more[0] = true;
                        return false;
                    }
                    taken[0]++;
                    resumed.add(name);
                    offset[0] = next;
                    return true;
                });
            }
            assertEquals(FILES + 2, resumed.size());
            assertEquals(FILES + 2, new HashSet<>(resumed).size());

            List<String> listed = lsF(mount.resolve("big"));
            assertEquals(FILES + 2, listed.size(), "ls -f: every entry, . and .., nothing twice");
            assertEquals(FILES + 2, new HashSet<>(listed).size());

            // A listing that changes under it: stable entries once each, whatever else comes and goes.
            List<String> seen = new ArrayList<>();
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(mount.resolve("big"))) {
                int i = 0;
                for (Path p : stream) {
                    seen.add(p.getFileName().toString());
                    if (i % 100 == 0) {
                        client.release(client.open(Caller.ROOT, "/big/new-" + i, Posix.O_CREAT | Posix.O_WRONLY, 0644));
                        if (i > 0) {
                            client.unlink(Caller.ROOT, "/big/new-" + (i - 100));
                        }
                    }
                    i++;
                }
            }
            Set<String> stable = new HashSet<>();
            for (String name : seen) {
                if (name.startsWith("stable-")) {
                    assertTrue(stable.add(name), "listed twice: " + name);
                }
            }
            assertEquals(FILES, stable.size(), "every entry present for the whole listing is listed");
        }
    }

    private static List<String> lsF(Path dir) throws Exception {
        Process ls = new ProcessBuilder("ls", "-f", dir.toString()).start();
        List<String> names = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(ls.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                names.add(line);
            }
        }
        assertTrue(ls.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, ls.exitValue());
        return names;
    }
}
