package io.wfs.raft;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A group's directory says which format its log is in, and a machine of another format does not start on it. */
class RaftLogFormatTest {
    @TempDir
    Path dir;

    @Test
    void aNewDirectoryIsMarkedWithTheMachinesFormat() throws IOException {
        RaftLogFormat.checkAndMark("g", dir, 2);
        assertEquals("2", Files.readString(dir.resolve("format")).trim());
        assertDoesNotThrow(() -> RaftLogFormat.checkAndMark("g", dir, 2), "the same format starts again");
    }

    @Test
    void aDirectoryOfAnotherFormatIsRefusedNamingBoth() throws IOException {
        RaftLogFormat.checkAndMark("g", dir, 2);
        IOException e = assertThrows(IOException.class, () -> RaftLogFormat.checkAndMark("g", dir, 3));
        assertTrue(e.getMessage().contains("format 2") && e.getMessage().contains("reads format 3"), e.getMessage());
    }

    @Test
    void aLogWrittenBeforeTheMarkerIsTheUnmarkedFormat() throws IOException {
        Files.createDirectories(dir.resolve("log"));
        Files.writeString(dir.resolve("log").resolve("000001.log"), "entries");
        IOException e = assertThrows(IOException.class, () -> RaftLogFormat.checkAndMark("meta-1", dir, 2));
        assertTrue(e.getMessage().contains("group meta-1") && e.getMessage().contains("format " + RaftLogFormat.UNMARKED),
                e.getMessage());
        assertTrue(Files.notExists(dir.resolve("format")), "a refused directory is left as it was");
        RaftLogFormat.checkAndMark("manager", dir, RaftLogFormat.UNMARKED);
        assertEquals(String.valueOf(RaftLogFormat.UNMARKED), Files.readString(dir.resolve("format")).trim(),
                "a machine of the unmarked format starts on it and marks it");
    }

    @Test
    void emptyPartsAreNoData() throws IOException {
        Files.createDirectories(dir.resolve("log"));
        Files.createDirectories(dir.resolve("snapshot"));
        RaftLogFormat.checkAndMark("g", dir, 2);
        assertEquals("2", Files.readString(dir.resolve("format")).trim());
    }

    @Test
    void aMarkerThatIsNotANumberIsReported() throws IOException {
        Files.writeString(dir.resolve("format"), "two\n");
        IOException e = assertThrows(IOException.class, () -> RaftLogFormat.checkAndMark("g", dir, 2));
        assertTrue(e.getMessage().contains("'two'"), e.getMessage());
    }
}
