package io.wfs.cli.fsck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;

/**
 * Every check of {@link NamespaceCheckTest} again with the link counts in temporary files from
 * the first record on (LinkCounts spills beyond a million inodes in real runs): the same findings,
 * and no file left behind once the check is closed.
 */
class NamespaceCheckSpilledTest extends NamespaceCheckTest {
    private static final Path TEMP = createTemp();

    private static Path createTemp() {
        try {
            return Files.createTempDirectory("wfs-fsck-spill-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    NamespaceCheck newCheck() {
        return new NamespaceCheck(15_000_000_000L, 1, TEMP);
    }

    /** Runs before the base class closes the check (JUnit runs a subclass's @AfterEach first). */
    @AfterEach
    void spilledAndLeftNothingBehind() throws IOException {
        assertTrue(check.spilled(), "the counts went to temporary files");
        check.close();
        try (Stream<Path> left = Files.list(TEMP)) {
            assertEquals(0, left.count(), "temporary files removed on close");
        }
    }
}
