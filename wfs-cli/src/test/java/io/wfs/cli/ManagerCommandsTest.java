package io.wfs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code wfs manager}, {@code wfs status} and {@code wfs bench route}: their error paths, and a tiny route bench. */
class ManagerCommandsTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private static Path secret(Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "a-long-enough-cluster-secret");
        return secret;
    }

    @Test
    void managerNeedsASecretAndAddressesThatMatchItsPeers(@TempDir Path dir) throws Exception {
        assertEquals(2, run("manager"));
        assertTrue(err.toString().contains("cluster.secret-file must be set"), err.toString());
        String secret = "cluster.secret-file=" + secret(dir);
        assertEquals(1, run("manager", "--set", secret));
        assertTrue(err.toString().contains("manager.raft-address must be set"), err.toString());
        assertEquals(1, run("manager", "--set", secret, "--set", "manager.raft-address=127.0.0.1:9",
                "--set", "manager.rpc-address=127.0.0.1:10", "--set", "manager.peers=127.0.0.1:11=127.0.0.1:12"));
        assertTrue(err.toString().contains("is not one of manager.peers"), err.toString());
        assertEquals(1, run("manager", "--set", secret, "--set", "manager.raft-address=127.0.0.1:9",
                "--set", "manager.rpc-address=127.0.0.1:10", "--set", "manager.peers=garbage"));
        assertTrue(err.toString().contains("is not raftHost:port=rpcHost:port"), err.toString());
        assertEquals(2, run("manager", "--set", "manager.node-timeout=soon"));
        assertTrue(err.toString().contains("manager.node-timeout"), err.toString());
    }

    @Test
    void statusNeedsAManagerAndSaysWhenNoneAnswers(@TempDir Path dir) throws Exception {
        String secret = "cluster.secret-file=" + secret(dir);
        assertEquals(2, run("status", "--set", secret));
        assertTrue(err.toString().contains("no manager"), err.toString());
        assertEquals(2, run("status", "--set", secret, "--manager", "nonsense"));
        assertTrue(err.toString().contains("is not HOST:PORT"), err.toString());
        assertEquals(2, run("status", "--set", secret, "--manager", "127.0.0.1:1", "--timeout", "whenever"));
        assertTrue(err.toString().contains("--timeout"), err.toString());
        assertEquals(2, run("status", "--manager", "127.0.0.1:1"));
        assertTrue(err.toString().contains("cluster.secret-file must be set"), err.toString());
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        assertEquals(1, run("status", "--set", secret, "--manager", "127.0.0.1:" + closedPort, "--timeout", "1s"));
        assertTrue(err.toString().contains("no answer from the manager leader"), err.toString());
    }

    @Test
    void routeBenchRefusesImpossibleShapesAndRunsASmallOne() {
        assertEquals(2, run("bench", "route", "--stores", "2"));
        assertTrue(err.toString().contains("--stores >= 3"), err.toString());
        assertEquals(2, run("bench", "route", "--stores", "10", "--volumes", "5"));
        assertEquals(0, run("bench", "route", "--stores", "10", "--volumes", "200", "--meta-nodes", "3", "--fetches", "2"),
                err.toString());
        String text = out.toString();
        assertTrue(text.contains("10 store nodes, 200 volumes"), text);
        assertTrue(text.matches("(?s).*full route bytes\\s+[\\d,]+\\n.*"), text);
        assertTrue(text.matches("(?s).*delta bytes, one volume made read-only\\s+\\d+\\n.*"), text);
    }

    @Test
    void metaFromAManagerChecksItsAddressesAndGivesUpWhenNoGroupIsPlaced(@TempDir Path dir) throws Exception {
        String secret = "cluster.secret-file=" + secret(dir);
        assertEquals(2, run("meta", "--set", secret, "--set", "meta.managers=nonsense",
                "--set", "meta.raft-address=127.0.0.1:9", "--set", "meta.rpc-address=127.0.0.1:10"));
        assertTrue(err.toString().contains("is not host:port"), err.toString());
        assertEquals(2, run("meta", "--set", secret, "--set", "meta.managers=127.0.0.1:1"));
        assertTrue(err.toString().contains("meta.raft-address must be set"), err.toString());
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        assertEquals(1, run("meta", "--set", secret, "--set", "meta.managers=127.0.0.1:" + closedPort,
                "--set", "meta.manager-wait=1s", "--set", "meta.raft-address=127.0.0.1:9",
                "--set", "meta.rpc-address=127.0.0.1:10", "--set", "rpc.call-timeout=500ms"));
        assertTrue(err.toString().contains("placed no meta group"), err.toString());
    }
}
