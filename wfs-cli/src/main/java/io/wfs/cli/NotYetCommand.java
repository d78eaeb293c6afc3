package io.wfs.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * A subcommand registered so that `wfs --help` shows the whole shape of the tool, whose
 * feature is not in this build yet. It says so and exits 2; it never pretends to work.
 */
@Command(mixinStandardHelpOptions = true)
final class NotYetCommand implements Callable<Integer> {
    @Unmatched
    List<String> ignored;

    @Spec
    CommandSpec spec;

    private final String what;
    private final int issue;

    NotYetCommand(String what, int issue) {
        this.what = what;
        this.issue = issue;
    }

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("wfs: " + what + " is not available yet in this build (tracked by issue "
                + issue + ").");
        return WfsCommand.EXIT_USAGE;
    }
}
