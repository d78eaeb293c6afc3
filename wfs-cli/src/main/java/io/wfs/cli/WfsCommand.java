package io.wfs.cli;

import io.wfs.cli.bench.BenchCommand;
import io.wfs.common.metrics.WfsVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code wfs} command and its subcommands. */
@Command(name = "wfs", mixinStandardHelpOptions = true, versionProvider = WfsCommand.Version.class,
        description = "WFS: a distributed POSIX file system (in-memory Raft metadata, append-only block stores).")
public final class WfsCommand implements Runnable {
    /** Exit code for usage errors and for features this build does not have. */
    public static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** The command line with every subcommand, in the order `wfs --help` lists them. */
    public static CommandLine newCommandLine() {
        CommandLine cl = new CommandLine(new WfsCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        cl.addSubcommand("manager", new io.wfs.cli.daemon.ManagerDaemonCommand());
        cl.addSubcommand("meta", new io.wfs.cli.daemon.MetaDaemonCommand());
        cl.addSubcommand("store", new io.wfs.cli.daemon.StoreDaemonCommand());
        cl.addSubcommand("mount", new io.wfs.cli.mount.MountCommand());
        cl.addSubcommand("umount", new io.wfs.cli.mount.UmountCommand());
        cl.addSubcommand("csi", new io.wfs.cli.daemon.CsiDaemonCommand());
        cl.addSubcommand("local", new io.wfs.cli.local.LocalCommand());
        cl.addSubcommand("status", new io.wfs.cli.status.StatusCommand());
        cl.addSubcommand("credential", new io.wfs.cli.credential.CredentialCommand());
        cl.addSubcommand("admin", new io.wfs.cli.admin.AdminCommand());
        CommandLine bench = new CommandLine(new BenchCommand());
        bench.addSubcommand("meta-cluster", new io.wfs.cli.bench.MetaClusterBenchCommand());
        bench.addSubcommand("fill", new io.wfs.cli.bench.FillBenchCommand());
        cl.addSubcommand("bench", bench);
        cl.addSubcommand("fsck", new io.wfs.cli.fsck.FsckCommand());
        cl.addSubcommand("quota", io.wfs.cli.quota.QuotaCommand.commandLine());
        cl.addSubcommand("config", new ConfigCommand());
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        return cl;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"wfs " + WfsVersion.get(), "java " + Runtime.version()};
        }
    }
}
