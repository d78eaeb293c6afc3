package io.wfs.csi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the node plugin must remember across its own restarts, in files under csi.state-dir (a
 * hostPath that outlives the plugin's container): per staged volume its staging path, the pid of
 * its {@code wfs mount} process, that process's log, and the targets it is published at (with
 * their read-only flag), so a new plugin finds live mounts and re-establishes dead ones.
 */
final class NodeState {
    /** A published target: the pod's path and whether it was bound read-only. */
    record Target(Path path, boolean readOnly) {
    }

    private final Path dir;

    NodeState(Path dir) {
        this.dir = dir;
    }

    Path volumeDir(String id) {
        return dir.resolve("volumes").resolve(id);
    }

    /** The volume's scoped credential from NodeStage's volume context (mode 0600), the mount reads it. */
    Path credential(String id) {
        return volumeDir(id).resolve("credential");
    }

    Path log(String id) {
        return volumeDir(id).resolve("mount.log");
    }

    void staged(String id, Path staging) {
        write(volumeDir(id).resolve("staging"), staging.toString());
    }

    /** The staging path volume {@code id} was staged at, or null. */
    Path staging(String id) {
        String s = read(volumeDir(id).resolve("staging"));
        return s == null ? null : Path.of(s);
    }

    void pid(String id, long pid) {
        write(volumeDir(id).resolve("pid"), Long.toString(pid));
    }

    /** The pid of the volume's mount process as recorded, or -1. */
    long pid(String id) {
        String s = read(volumeDir(id).resolve("pid"));
        return s == null ? -1 : Long.parseLong(s.trim());
    }

    void published(String id, Target t) {
        write(targetFile(id, t.path()), (t.readOnly() ? "ro" : "rw") + "\n" + t.path());
    }

    void unpublished(String id, Path target) {
        delete(targetFile(id, target));
    }

    List<Target> targets(String id) {
        Path d = volumeDir(id).resolve("targets");
        List<Target> out = new ArrayList<>();
        if (!Files.isDirectory(d)) {
            return out;
        }
        try (Stream<Path> files = Files.list(d)) {
            for (Path f : files.toList()) {
                String[] lines = Files.readString(f).split("\n", 2);
                out.add(new Target(Path.of(lines[1]), lines[0].equals("ro")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Volumes with a staging record, for the recovery pass of a starting plugin. */
    List<String> stagedVolumes() {
        Path d = dir.resolve("volumes");
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        try (Stream<Path> vols = Files.list(d)) {
            return vols.filter(v -> Files.exists(v.resolve("staging"))).map(v -> v.getFileName().toString()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Forgets an unstaged volume with its targets (its mount log stays for whoever investigates). */
    void unstaged(String id) {
        for (Target t : targets(id)) {
            unpublished(id, t.path());
        }
        delete(volumeDir(id).resolve("staging"));
        delete(volumeDir(id).resolve("pid"));
        delete(credential(id));
    }

    private Path targetFile(String id, Path target) {
        // One file per target path, named by its bytes: any path, no escaping rules.
        String name = HexFormat.of().formatHex(target.toString().getBytes(StandardCharsets.UTF_8));
        return volumeDir(id).resolve("targets").resolve(name.length() > 200 ? name.substring(0, 200) + name.hashCode() : name);
    }

    private static void write(Path f, String text) {
        try {
            Files.createDirectories(f.getParent());
            Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
            Files.writeString(tmp, text);
            Files.move(tmp, f, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path f) {
        try {
            return Files.exists(f) ? Files.readString(f) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
