package io.wfs.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the file system acknowledged to one chaos worker about its own tree: every name it holds
 * (files share an {@link Inode} across hard links, so a write through one name is expected
 * through all), every directory, and every name whose removal was acknowledged. An operation that
 * failed (EIO after the client's retries, a timeout) may or may not have happened: the names it
 * touched become <em>unknown</em> and are neither used again nor judged. {@link #check} then
 * reads the tree through another mount and lists every acknowledged operation it contradicts.
 */
final class ChaosLedger {
    /** A file's acknowledged content; {@code unknown} once a failed operation may have changed it. */
    static final class Inode {
        byte[] data;
        boolean unknown;

        Inode(byte[] data) {
            this.data = data;
        }
    }

    private final String root;
    private final Map<String, Inode> files = new LinkedHashMap<>();
    private final List<String> directories = new ArrayList<>();
    private final Set<String> removed = new HashSet<>();
    private final Set<String> unknown = new HashSet<>();
    private long acknowledged;
    private long failed;
    /** The first failures, to tell a fault's unavailability from a bug when a run is read. */
    private final List<String> reasons = new ArrayList<>();

    /** The ledger of the tree at {@code root} (relative to a mount, e.g. "c0"). */
    ChaosLedger(String root) {
        this.root = root;
    }

    String root() {
        return root;
    }

    synchronized void directoryMade(String dir) {
        directories.add(dir);
        removed.remove(dir);
        acknowledged++;
    }

    synchronized void directoryRemoved(String dir) {
        directories.remove(dir);
        removed.add(dir);
        acknowledged++;
    }

    synchronized void fileWritten(String path, Inode inode) {
        files.put(path, inode);
        removed.remove(path);
        acknowledged++;
    }

    synchronized void renamed(String from, String to) {
        Inode inode = files.remove(from);
        files.put(to, inode);
        removed.add(from);
        removed.remove(to);
        acknowledged++;
    }

    synchronized void linked(String existing, String newName) {
        files.put(newName, files.get(existing));
        removed.remove(newName);
        acknowledged++;
    }

    synchronized void unlinked(String path) {
        files.remove(path);
        removed.add(path);
        acknowledged++;
    }

    /** An acknowledged change of a file's content (append, truncate, overwrite): seen through every name. */
    synchronized void changed(Inode inode, byte[] data) {
        inode.data = data;
        acknowledged++;
    }

    /**
     * An operation that failed: the names may be in either state, the inode's content (and that of
     * every file the names held) is unknown, and so is every other name of those files.
     */
    synchronized void failed(Exception why, Inode inode, String... paths) {
        failed++;
        if (reasons.size() < 20) {
            reasons.add(String.join(" ", paths) + ": " + why);
        }
        Set<Inode> touched = new HashSet<>();
        if (inode != null) {
            touched.add(inode);
        }
        for (String p : paths) {
            Inode i = files.remove(p);
            if (i != null) {
                touched.add(i);
            }
            directories.remove(p);
            removed.remove(p);
            unknown.add(p);
        }
        files.entrySet().removeIf(e -> {
            if (touched.contains(e.getValue())) {
                unknown.add(e.getKey());
                return true;
            }
            return false;
        });
        touched.forEach(i -> i.unknown = true);
    }

    /** Names this worker may still use: certain ones only. */
    synchronized List<String> fileNames() {
        return new ArrayList<>(files.keySet());
    }

    synchronized Inode inode(String path) {
        return files.get(path);
    }

    synchronized List<String> directories() {
        return new ArrayList<>(directories);
    }

    synchronized boolean isUnknown(String path) {
        return unknown.contains(path);
    }

    synchronized long acknowledged() {
        return acknowledged;
    }

    synchronized long failedOps() {
        return failed;
    }

    /** What the first failed calls answered, one line each. */
    synchronized List<String> failureReasons() {
        return List.copyOf(reasons);
    }

    /**
     * Reads the tree through {@code mount} and returns every contradiction of an acknowledged
     * operation: a file missing or with other bytes, a directory missing, a name whose removal was
     * acknowledged still there, a name nobody made. Empty when nothing acknowledged was lost.
     */
    synchronized List<String> check(Path mount) throws IOException {
        List<String> lost = new ArrayList<>();
        for (Map.Entry<String, Inode> e : files.entrySet()) {
            Path p = mount.resolve(e.getKey());
            try {
                byte[] actual = Files.readAllBytes(p);
                if (!Arrays.equals(actual, e.getValue().data)) {
                    lost.add("file " + e.getKey() + ": " + actual.length + " bytes read, " + e.getValue().data.length
                            + " acknowledged" + (actual.length == e.getValue().data.length ? " (other bytes)" : ""));
                }
            } catch (NoSuchFileException x) {
                lost.add("file " + e.getKey() + ": missing (" + e.getValue().data.length + " bytes acknowledged)");
            }
        }
        for (String d : directories) {
            if (!Files.isDirectory(mount.resolve(d))) {
                lost.add("directory " + d + ": missing");
            }
        }
        for (String r : removed) {
            if (!unknown.contains(r) && Files.exists(mount.resolve(r), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                lost.add("name " + r + ": still there after its removal was acknowledged");
            }
        }
        Set<String> known = new HashSet<>(files.keySet());
        known.addAll(directories);
        known.addAll(unknown);
        for (String d : directories) {
            try (Stream<Path> names = Files.list(mount.resolve(d))) {
                names.map(p -> d + "/" + p.getFileName()).filter(n -> !known.contains(n))
                        .forEach(n -> lost.add("name " + n + ": there, but never acknowledged"));
            } catch (NoSuchFileException x) {
                // Reported above as a missing directory.
            }
        }
        return lost;
    }
}
