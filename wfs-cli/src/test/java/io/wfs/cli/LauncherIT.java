package io.wfs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs the packaged distribution's bin/wfs as a real process. */
class LauncherIT {
    private record Run(int exit, String out, String err) {
    }

    private static Run wfs(String... args) throws IOException, InterruptedException {
        Path launcher = Path.of(System.getProperty("wfs.dist.dir"), "bin", "wfs");
        assertTrue(Files.isExecutable(launcher), launcher + " must be executable");
        List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bin/wfs did not exit");
            return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                    new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void helpListsTheSubcommands() throws Exception {
        Run r = wfs("--help");
        assertEquals(0, r.exit(), r.err());
        for (String sub : new String[] {"manager", "meta", "store", "mount", "umount", "local", "status", "bench", "fsck", "config"}) {
            assertTrue(r.out().contains("  " + sub), sub);
        }
    }

    @Test
    void anUnknownFlagExits2WithAClearMessage() throws Exception {
        Run r = wfs("--no-such-flag");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("Unknown option: '--no-such-flag'"), r.err());
    }

    @Test
    void configDefaultsFindsTheKeysOfEveryModuleOnTheClassPath() throws Exception {
        Run r = wfs("config", "--defaults");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("rpc.call-timeout = 10s"), r.out());
    }

    @Test
    void versionIsPrinted() throws Exception {
        Run r = wfs("--version");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("wfs "), r.out());
    }
}
