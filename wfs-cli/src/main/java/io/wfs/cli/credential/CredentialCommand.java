package io.wfs.cli.credential;

import picocli.CommandLine.Command;

/** {@code wfs credential}: scoped credentials of volumes (only {@code issue} so far). */
@Command(name = "credential", mixinStandardHelpOptions = true,
        description = "Scoped credentials: a mount with one reaches a single volume (a quota directory) and nothing else.",
        subcommands = IssueCredentialCommand.class)
public final class CredentialCommand {
}
