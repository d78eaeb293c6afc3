package io.wfs.cli.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What `wfs local --background` prints on the terminal when the cluster stopped while starting. */
class LocalBackgroundTest {
    @TempDir
    Path dir;

    @Test
    void aRefusedStartShowsItsErrorsAndExceptionMessagesNotItsStackFramesNorJraftsLoggingNoise() throws Exception {
        Path log = dir.resolve("local.log");
        Files.write(log, List.of(
                "wfs local: starting a cluster with its data in /tmp/x",
                "  [1/5] manager",
                "java.lang.NoSuchMethodError: 'void ch.qos.logback.classic.util.ContextInitializer.configureByResource(java.net.URL)'",
                "21:00:00.000 ERROR [main] c.a.sofa.common.log - Sofa-Middleware-Log SLF4J Error: Build ILoggerFactory error!",
                "21:00:00.000 INFO  [main] i.w.r.RaftGroup - group g1: starting",
                "21:00:00.100 ERROR [main] i.w.r.RaftGroup - group g1 did not start",
                "java.lang.IllegalStateException: group g1: /tmp/x/meta0/g1 was written in format 1 and this build reads format 2",
                "\tat io.wfs.raft.RaftLogFormat.check(RaftLogFormat.java:40)",
                "\tat io.wfs.raft.RaftGroup.start(RaftGroup.java:80)",
                "Caused by: java.io.IOException: no format file",
                "\t... 12 more"));
        assertEquals(List.of(
                "21:00:00.100 ERROR [main] i.w.r.RaftGroup - group g1 did not start",
                "java.lang.IllegalStateException: group g1: /tmp/x/meta0/g1 was written in format 1 and this build reads format 2",
                "Caused by: java.io.IOException: no format file"), LocalBackground.cause(log));
    }

    @Test
    void withoutErrorsTheLastLinesAndWithoutALogNothing() throws Exception {
        Path log = dir.resolve("local.log");
        Files.write(log, List.of("a", "b", "c", "d", "e", "f", "g"));
        assertEquals(List.of("c", "d", "e", "f", "g"), LocalBackground.cause(log));
        assertEquals(List.of(), LocalBackground.cause(dir.resolve("absent.log")));
    }
}
