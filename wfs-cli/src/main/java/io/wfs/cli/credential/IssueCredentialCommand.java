package io.wfs.cli.credential;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.daemon.DaemonSupport;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.auth.ScopedCredential;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wfs credential issue}: asks a manager (with the cluster secret) for the credential of one
 * volume and writes it to a file readable by its owner only, for {@code wfs mount --credential}.
 */
@Command(name = "issue", mixinStandardHelpOptions = true,
        description = "Issue the scoped credential of a volume's directory (a quota directory) into FILE.")
public final class IssueCredentialCommand implements Callable<Integer> {
    /** Exactly one way of naming the volume's root. */
    static final class Root {
        @Option(names = "--path", paramLabel = "PATH", description = "The volume's directory, an absolute path in the cluster.")
        String path;

        @Option(names = "--root-ino", paramLabel = "INO", description = "The volume's directory by inode number.")
        String rootIno;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Root root;

    @Option(names = "--root-squash", description = "uid and gid 0 of the mount act as nobody (65534).")
    boolean rootSquash;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
            description = "Where to write the credential (mode 0600; replaced if it exists).")
    Path output;

    @Option(names = "--manager", paramLabel = "HOST:PORT", split = ",",
            description = "A manager of the cluster (repeatable); overrides client.managers.")
    List<String> managers;

    @Option(names = "--secret-file", paramLabel = "FILE", description = "The cluster secret; overrides common.secret-file.")
    Path secretFile;

    @Mixin
    ConfigOptions configOptions;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        WfsConfig config = configOptions.load(cl);
        if (managers != null && !managers.isEmpty()) {
            config = config.with(ClientConfigKeys.MANAGERS, String.join(",", managers));
        }
        if (secretFile != null) {
            config = config.with(CommonConfigKeys.SECRET_FILE, secretFile.toString());
        }
        if (config.get(ClientConfigKeys.MANAGERS).isBlank()) {
            throw new CommandLine.ParameterException(cl, "name the cluster: --manager HOST:PORT (or client.managers)");
        }
        if (root.path != null && !root.path.startsWith("/")) {
            throw new CommandLine.ParameterException(cl, "--path takes an absolute path in the cluster: " + root.path);
        }
        long ino = root.rootIno == null ? 0 : parseIno(cl, root.rootIno);
        ScopedCredential credential;
        try (WfsClient client = new WfsClient(config, DaemonSupport.secret(config, cl), new MetricRegistry())) {
            credential = root.path != null ? client.credentials().issue(root.path, rootSquash)
                    : client.credentials().issue(ino, rootSquash, "");
        } catch (WfsException e) {
            cl.getErr().println("wfs credential issue: " + e.getMessage());
            return 1;
        }
        try {
            credential.write(output);
        } catch (IOException e) {
            cl.getErr().println("wfs credential issue: cannot write " + output + ": " + e.getMessage());
            return 1;
        }
        cl.getOut().println("wrote the credential of " + credential.scope() + " to " + output);
        return 0;
    }

    private static long parseIno(CommandLine cl, String text) {
        try {
            long ino = Long.parseUnsignedLong(text);
            if (ino == 0 || ino == 1) {
                throw new CommandLine.ParameterException(cl, "--root-ino must name a volume's directory, not " + text);
            }
            return ino;
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(cl, "--root-ino is not an inode number: " + text);
        }
    }
}
