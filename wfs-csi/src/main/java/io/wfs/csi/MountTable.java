package io.wfs.csi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What the node's kernel says about a path: not a mount point, a live mount, or a dead one. A FUSE
 * mount whose process died answers ENOTCONN ("Transport endpoint is not connected"); a hung one
 * does not answer at all, so the probe runs with a deadline and one that does not come back in
 * time also counts as dead.
 */
final class MountTable {
    enum State { NOT_MOUNTED, LIVE, DEAD }

    private static final long STAT_DEADLINE_MS = 5_000;

    private MountTable() {
    }

    static State state(Path dir) {
        Entry e = entry(dir);
        if (e == null) {
            return State.NOT_MOUNTED;
        }
        CompletableFuture<Boolean> stat = CompletableFuture.supplyAsync(() -> {
            try {
                // An open and a first readdir, not a stat: the kernel answers a stat of a dead FUSE
                // mount from its attribute cache for up to attr_timeout; opendir always asks the process.
                try (var entries = Files.newDirectoryStream(dir)) {
                    entries.iterator().hasNext();
                }
                return true;
            } catch (IOException | RuntimeException statFailed) {
                return false;
            }
        });
        try {
            return stat.get(STAT_DEADLINE_MS, TimeUnit.MILLISECONDS) ? State.LIVE : State.DEAD;
        } catch (TimeoutException | ExecutionException e2) {
            return State.DEAD;
        } catch (InterruptedException e2) {
            Thread.currentThread().interrupt();
            return State.DEAD;
        }
    }

    /** One line of /proc/mounts: the file system type and the options (first "ro" or "rw"). */
    record Entry(String type, String options) {
        boolean readOnly() {
            return options.equals("ro") || options.startsWith("ro,");
        }
    }

    /** The last (topmost) /proc/mounts entry mounted at {@code dir}, or null. */
    static Entry entry(Path dir) {
        String target = dir.toAbsolutePath().normalize().toString();
        Entry found = null;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
                String[] f = line.split(" ");
                if (f.length > 3 && unescape(f[1]).equals(target)) {
                    found = new Entry(f[2], f[3]);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/mounts", e);
        }
        return found;
    }

    /** /proc/mounts writes space, tab, newline and backslash as octal escapes. */
    private static String unescape(String s) {
        return s.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
    }
}
