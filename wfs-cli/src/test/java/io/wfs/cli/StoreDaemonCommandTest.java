package io.wfs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The start-up checks of {@code wfs store}; the running daemon is exercised by wfs-it's StoreKillIT. */
class StoreDaemonCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void withoutASecretItIsAUsageError(@TempDir Path dir) {
        assertEquals(2, run("store", "--set", "store.data-dirs=" + dir));
        assertTrue(err.toString().contains("cluster.secret-file must be set"), err.toString());
    }

    @Test
    void emptyDataFoldersAreAUsageError(@TempDir Path dir) {
        assertEquals(2, run("store", "--set", "store.data-dirs= "));
        assertTrue(err.toString().contains("store.data-dirs must name at least one folder"), err.toString());
    }

    @Test
    void aBadFsyncPolicyAddressOrOrphanGraceFailsStartWithExit1AndBindsNothing(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "a-long-enough-cluster-secret");
        assertEquals(1, run("store", "--set", "cluster.secret-file=" + secret, "--set", "store.data-dirs=" + dir.resolve("d"),
                "--set", "store.fsync=sometimes", "--set", "http.port=-1"));
        assertTrue(err.toString().contains("store.fsync must be write, group or none"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(1, run("store", "--set", "cluster.secret-file=" + secret, "--set", "store.data-dirs=" + dir.resolve("d"),
                "--set", "store.rpc-address=no-port", "--set", "http.port=-1"));
        assertTrue(err.toString().contains("not host:port"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(1, run("store", "--set", "cluster.secret-file=" + secret, "--set", "store.data-dirs=" + dir.resolve("d"),
                "--set", "store.orphan.grace=5s", "--set", "http.port=-1"));
        assertTrue(err.toString().contains("store.orphan.grace must be at least 1 minute"), err.toString());
        assertTrue(out.toString().isEmpty(), out.toString());
    }
}
