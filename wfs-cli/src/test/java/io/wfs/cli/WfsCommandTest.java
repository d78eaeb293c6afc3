package io.wfs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class WfsCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void helpListsEverySubcommand() {
        assertEquals(0, run("--help"));
        for (String sub : new String[] {"manager", "meta", "store", "mount", "umount", "local", "status", "bench", "fsck", "config", "csi", "credential"}) {
            assertTrue(out.toString().contains("  " + sub), "help lists " + sub + ":\n" + out);
        }
    }

    @Test
    void unknownFlagsAreAClearErrorWithExitCode2() {
        assertEquals(2, run("--frobnicate"));
        assertTrue(err.toString().contains("Unknown option: '--frobnicate'"), err.toString());
        assertEquals(2, run("config", "--nope"));
        assertEquals(2, run());
    }

    @Test
    void fsckWithoutAManagerOrWithBadOptionsIsAUsageError() {
        assertEquals(2, run("fsck"));
        assertTrue(err.toString().contains("no manager"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("fsck", "--manager", "nohostport"));
        assertTrue(err.toString().contains("is not HOST:PORT"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("fsck", "--manager", "127.0.0.1:1", "--page", "0"));
        assertTrue(err.toString().contains("--page: 0 is not in 1-4096"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("fsck", "--manager", "127.0.0.1:1", "--lock-grace", "soon"));
        assertTrue(err.toString().contains("--lock-grace"), err.toString());
    }

    @Test
    void mountWithoutAClusterIsAUsageErrorAndUmountOfAFolderNotMountedSaysSo() {
        assertEquals(2, run("mount", "/tmp/wfs-not-a-mount-" + ProcessHandle.current().pid()));
        assertTrue(err.toString().contains("--manager"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(1, run("umount", "/tmp/wfs-not-a-mount-" + ProcessHandle.current().pid()));
        assertTrue(err.toString().contains("is not mounted"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("mount"));
        assertTrue(err.toString().contains("MOUNTPOINT"), err.toString());
    }

    @Test
    void mountRefusesARelativeSubdir() {
        assertEquals(2, run("mount", "--manager", "127.0.0.1:1", "--secret-file", "/nonexistent", "--subdir", "volumes/a",
                "/tmp/wfs-not-a-mount"));
        assertTrue(err.toString().contains("--subdir takes an absolute path"), err.toString());
    }

    @Test
    void mountRefusesABadCacheSize() {
        for (String size : new String[] {"lots", "512K", "-1G"}) {
            err.getBuffer().setLength(0);
            assertEquals(2, run("mount", "--manager", "127.0.0.1:1", "--secret-file", "/nonexistent", "--cache-dir", "/tmp/c",
                    "--cache-size", size, "/tmp/wfs-not-a-mount"));
            assertTrue(err.toString().contains("--cache-size: client.cache-size"), size + ": " + err);
        }
    }

    @Test
    void credentialIssueRefusesBadOptionsWithTheReason(@TempDir Path dir) {
        String out = dir.resolve("c").toString();
        String[][] cases = {
            {"Missing", "--manager", "127.0.0.1:1", "-o", out},
            {"mutually exclusive", "--manager", "127.0.0.1:1", "--path", "/v", "--root-ino", "5", "-o", out},
            {"--output", "--manager", "127.0.0.1:1", "--path", "/v"},
            {"--path takes an absolute path", "--manager", "127.0.0.1:1", "--path", "volumes/a", "-o", out},
            {"--root-ino is not an inode number", "--manager", "127.0.0.1:1", "--root-ino", "five", "-o", out},
            {"must name a volume's directory", "--manager", "127.0.0.1:1", "--root-ino", "1", "-o", out},
            {"name the cluster", "--path", "/v", "-o", out},
        };
        for (String[] c : cases) {
            err.getBuffer().setLength(0);
            String[] args = new String[c.length + 1];
            args[0] = "credential";
            args[1] = "issue";
            System.arraycopy(c, 1, args, 2, c.length - 1);
            assertEquals(2, run(args), c[0]);
            assertTrue(err.toString().contains(c[0]), c[0] + ": " + err);
        }
        assertTrue(!Files.exists(dir.resolve("c")), "nothing written");
    }

    @Test
    void mountRefusesAnUnreadableCredentialOrOneWithTheSecret(@TempDir Path dir) throws Exception {
        assertEquals(2, run("mount", "--manager", "127.0.0.1:1", "--credential", dir.resolve("none").toString(),
                dir.resolve("mnt").toString()));
        assertTrue(err.toString().contains("cannot read the credential"), err.toString());
        err.getBuffer().setLength(0);
        Path bad = dir.resolve("bad.credential");
        Files.writeString(bad, "wfs-credential=1\nroot-ino=5\nroot-squash=maybe\n");
        assertEquals(2, run("mount", "--manager", "127.0.0.1:1", "--credential", bad.toString(), dir.resolve("mnt").toString()));
        assertTrue(err.toString().contains("root-squash must be true or false"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("mount", "--manager", "127.0.0.1:1", "--credential", bad.toString(), "--secret-file",
                bad.toString(), dir.resolve("mnt").toString()));
        assertTrue(err.toString().contains("not both"), err.toString());
    }

    @Test
    void theCsiControllerNeedsTheSecretAndTheNodeDoesNot(@TempDir Path dir) {
        String socket = "--endpoint=unix://" + dir.resolve("csi.sock");
        assertEquals(2, run("csi", "--manager", "127.0.0.1:1", "--role=controller", socket));
        assertTrue(err.toString().contains("secret-file must be set"), err.toString());
        err.getBuffer().setLength(0);
        // Without a secret the node role gets as far as its launcher (none in a unit test).
        assertEquals(1, run("csi", "--manager", "127.0.0.1:1", "--role=node", "--node-id=n1", socket));
        assertTrue(err.toString().contains("is not executable"), err.toString());
    }

    @Test
    void csiRefusesWhatItCannotServeWithTheReason(@TempDir Path dir) throws Exception {
        assertEquals(2, run("csi"));
        assertTrue(err.toString().contains("--manager"), err.toString());
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "a-cluster-secret-long-enough-for-the-check-0123456789");
        String socket = "--endpoint=unix://" + dir.resolve("csi.sock");
        String[][] cases = {
            {"--role=bogus", socket, "csi.role is all, controller or node"},
            {"--role=node", "--endpoint=tcp://127.0.0.1:1", "a CSI endpoint is unix:///absolute/path"},
            {"--role=node", socket, "the node role needs csi.node-id"},
        };
        for (String[] c : cases) {
            err.getBuffer().setLength(0);
            assertEquals(1, run("csi", "--manager", "127.0.0.1:1", "--secret-file", secret.toString(), c[0], c[1]), c[2]);
            assertTrue(err.toString().contains(c[2]), c[2] + ": " + err);
        }
        err.getBuffer().setLength(0);
        assertEquals(1, run("csi", "--manager", "127.0.0.1:1", "--secret-file", secret.toString(), "--role=node",
                "--node-id=n1", "--endpoint=unix://" + dir.resolve("csi.sock")));
        assertTrue(err.toString().contains("is not executable"), err.toString());
    }

    @Test
    void metaWithoutItsSettingsIsAUsageErrorNamingThem() {
        assertEquals(2, run("meta"));
        assertTrue(err.toString().contains("meta.slot-map-file must be set"), err.toString());
    }

    @Test
    void metaRefusesABadSlotMapAMissingSecretAndANodeTheMapDoesNotName(@TempDir Path dir) throws Exception {
        Path map = dir.resolve("slots.properties");
        Files.writeString(map, "version = 1\ngroups = g\ngroup.g.peers = 127.0.0.1:1=127.0.0.1:2\ngroup.g.slots = 0-10\n");
        assertEquals(2, run("meta", "--set", "meta.slot-map-file=" + map));
        assertTrue(err.toString().contains("cannot read the slot map") && err.toString().contains("owned by no group"),
                err.toString());
        Files.writeString(map, io.wfs.common.route.SlotMap.singleGroup("g",
                java.util.List.of(new io.wfs.common.route.SlotMap.Peer("127.0.0.1:1", "127.0.0.1:2"))).format());
        err.getBuffer().setLength(0);
        assertEquals(2, run("meta", "--set", "meta.slot-map-file=" + map));
        assertTrue(err.toString().contains("cluster.secret-file must be set"), err.toString());
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "short");
        err.getBuffer().setLength(0);
        assertEquals(2, run("meta", "--set", "meta.slot-map-file=" + map, "--set", "cluster.secret-file=" + secret));
        assertTrue(err.toString().contains("at least 16 characters"), err.toString());
        Files.writeString(secret, "a-long-enough-cluster-secret");
        err.getBuffer().setLength(0);
        assertEquals(1, run("meta", "--set", "meta.slot-map-file=" + map, "--set", "cluster.secret-file=" + secret,
                "--set", "meta.raft-address=127.0.0.1:9", "--set", "meta.rpc-address=127.0.0.1:10",
                "--set", "meta.data-dir=" + dir.resolve("data")));
        assertTrue(err.toString().contains("names no group with peer 127.0.0.1:9"), err.toString());
    }

    @Test
    void configDefaultsPrintsEveryKeyAsAValidPropertiesFile(@TempDir Path dir) throws Exception {
        assertEquals(0, run("config", "--defaults"));
        String text = out.toString();
        assertTrue(text.contains("rpc.max-meta-frame-bytes = 4MiB"), text);
        assertTrue(text.contains("cluster.secret-file = "), text);
        assertTrue(text.contains("client.session-heartbeat = 15s"), text);
        Path file = dir.resolve("wfs.properties");
        Files.writeString(file, text);
        out.getBuffer().setLength(0);
        assertEquals(0, run("config", "--check", file.toString()), err.toString());
        Files.writeString(file, "rpc.no-such-key = 1\n");
        assertEquals(1, run("config", "--check", file.toString()));
        assertTrue(err.toString().contains("unknown configuration key 'rpc.no-such-key'"));
    }

    @Test
    void badConfigurationFlagsAreUsageErrorsNamingTheKey() {
        assertEquals(2, run("bench", "rpc", "--set", "rpc.io-threads=many"));
        assertTrue(err.toString().contains("rpc.io-threads"), err.toString());
        assertEquals(2, run("bench", "rpc", "--set", "rpc.no-such=1"));
        assertTrue(err.toString().contains("unknown configuration key 'rpc.no-such'"), err.toString());
        assertEquals(2, run("bench", "rpc", "--config", "/no/such/file.properties"));
        assertTrue(err.toString().contains("cannot read /no/such/file.properties"), err.toString());
    }

    @Test
    void rpcBenchRunsAndPrintsItsFiguresLast() {
        assertEquals(0, run("bench", "rpc", "--seconds", "1", "--large-inflight", "2", "--set", "rpc.epoll=false"));
        assertTrue(out.toString().contains("(nio,"), "--set reaches the components: " + out);
        String[] lines = out.toString().trim().split("\n");
        Matcher m = Pattern.compile("rpc_rtt_per_s_inflight_1=(\\d+) rpc_rtt_per_s_inflight_64=(\\d+) rpc_mb_per_s_1mib=([0-9.]+)")
                .matcher(lines[lines.length - 1]);
        assertTrue(m.matches(), lines[lines.length - 1]);
        assertTrue(Long.parseLong(m.group(1)) > 0 && Long.parseLong(m.group(2)) > 0 && Double.parseDouble(m.group(3)) > 0);
    }
}
