package io.wfs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code wfs bench meta}: runs end to end on a small tree; checks the summary line's format, not speed. */
class MetaBenchCommandTest {
    private static final Pattern SUMMARY = Pattern.compile("bytes_per_file=-?\\d+\\.\\d apply_ops_per_s=\\d+"
            + " snapshot_save_inodes_per_s=\\d+ snapshot_load_inodes_per_s=\\d+");

    @Test
    void smallRunEndsWithTheSummaryLine(@TempDir Path dir) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("bench", "meta", "--files", "20000", "--snapshot-dir", dir.toString());
        assertEquals(0, code, "exit code; stderr: " + err);
        String[] lines = out.toString().strip().split("\\R");
        String last = lines[lines.length - 1];
        assertTrue(SUMMARY.matcher(last).matches(), "last line: " + last);
        assertTrue(out.toString().contains("digest equal after load"), out.toString());
        assertTrue(out.toString().contains("40,200"), "200 mkdir + 20,000 mknod + 20,000 commit: " + out);
    }
}
