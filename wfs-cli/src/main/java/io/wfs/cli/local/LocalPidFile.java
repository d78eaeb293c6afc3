package io.wfs.cli.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** DIR/local.pid: which process serves a local cluster and where it is mounted. */
final class LocalPidFile {
    record Running(long pid, Path mountPoint) {
    }

    private final Path file;

    LocalPidFile(Path dir) {
        this.file = dir.resolve("local.pid");
    }

    void write(long pid, Path mountPoint) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, pid + "\n" + mountPoint + "\n");
    }

    /** The live process of this folder's cluster, if any (a stale file from a killed one is ignored). */
    Optional<Running> running() throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String[] lines = Files.readString(file).split("\n");
        if (lines.length < 2) {
            return Optional.empty();
        }
        long pid = Long.parseLong(lines[0].trim());
        boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        return alive ? Optional.of(new Running(pid, Path.of(lines[1].trim()))) : Optional.empty();
    }

    /** The mount point the last run used, even if its process is gone (to clean a stale mount). */
    Optional<Path> lastMountPoint() throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String[] lines = Files.readString(file).split("\n");
        return lines.length < 2 ? Optional.empty() : Optional.of(Path.of(lines[1].trim()));
    }

    void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Harmless: a stale file names a dead pid and is ignored.
        }
    }
}
