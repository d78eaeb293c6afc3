package io.wfs.raft;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The format a group's directory was written in, in the file {@code format} beside its log: the
 * machine's {@link ReplicatedStateMachine#logFormat()}. A directory written before the file existed
 * holds format {@link #UNMARKED}. A group whose machine expects another format does not start:
 * reading a Raft log of another format would apply commands it cannot decode (or, worse, decodes
 * into other values), on every replica alike.
 */
final class RaftLogFormat {
    /** The format of directories from builds that wrote no marker. */
    static final int UNMARKED = 1;
    private static final String FILE = "format";

    private RaftLogFormat() {
    }

    /** Checks {@code dataDir} against {@code expected} and marks a new directory; throws with what to do otherwise. */
    static void checkAndMark(String groupId, Path dataDir, int expected) throws IOException {
        Path marker = dataDir.resolve(FILE);
        int found;
        if (Files.exists(marker)) {
            String text = Files.readString(marker, StandardCharsets.US_ASCII).trim();
            try {
                found = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new IOException("group " + groupId + ": " + marker + " holds '" + text + "', not a format number");
            }
        } else if (holdsData(dataDir)) {
            found = UNMARKED;
        } else {
            mark(dataDir, expected);
            return;
        }
        if (found != expected) {
            throw new IOException("group " + groupId + ": " + dataDir + " was written in format " + found
                    + " and this build reads format " + expected + " (docs/wire-protocol.md, Compatibility);"
                    + " start it with the build that wrote it, or begin with an empty data directory");
        }
        if (!Files.exists(marker)) {
            mark(dataDir, expected);
        }
    }

    /** Writes the marker whole or not at all: a crash mid-write must not leave a marker that is not a number. */
    private static void mark(Path dataDir, int format) throws IOException {
        Path tmp = dataDir.resolve(FILE + ".tmp");
        Files.writeString(tmp, format + "\n", StandardCharsets.US_ASCII);
        Files.move(tmp, dataDir.resolve(FILE), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static boolean holdsData(Path dataDir) throws IOException {
        for (String part : new String[] {"log", "meta", "snapshot"}) {
            Path p = dataDir.resolve(part);
            if (Files.isDirectory(p)) {
                try (var entries = Files.list(p)) {
                    if (entries.findAny().isPresent()) {
                        return true;
                    }
                }
            } else if (Files.exists(p)) {
                return true;
            }
        }
        return false;
    }
}
