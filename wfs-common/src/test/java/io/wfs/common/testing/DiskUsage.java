package io.wfs.common.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Bytes a folder really takes on disk (allocated blocks, as {@code du} counts them), not the
 * files' sizes: punched holes and sparse files show only here. Java has no call for st_blocks.
 */
public final class DiskUsage {
    private DiskUsage() {
    }

    public static long allocatedBytes(Path dir) throws IOException, InterruptedException {
        Process du = new ProcessBuilder("du", "-s", "--block-size=1", dir.toString()).redirectErrorStream(true).start();
        String out = new String(du.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!du.waitFor(60, TimeUnit.SECONDS) || du.exitValue() != 0) {
            throw new IOException("du " + dir + " failed: " + out);
        }
        return Long.parseLong(out.split("\\s+")[0]);
    }
}
