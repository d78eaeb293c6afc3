package io.wfs.cli.admin;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code wfs admin}: operations on the cluster's topology that need the cluster secret. */
@Command(name = "admin", mixinStandardHelpOptions = true, description = "Operate the cluster: drain a store.",
        subcommands = DrainStoreCommand.class)
public final class AdminCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }
}
