package io.wfs.cli.quota;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.ManagerTargets;
import io.wfs.cli.daemon.DaemonSupport;
import io.wfs.client.Caller;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.ConfigType;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.QuotaUsage;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wfs quota set|get|list|remove}: directory quotas (docs/kubernetes.md). Paths are cluster
 * paths (from the file system's root, as {@code wfs mount --subdir} takes them). Exit 0 done, 1 the
 * cluster refused (the reason is printed), 2 usage error.
 */
@Command(name = "quota", mixinStandardHelpOptions = true, subcommandsRepeatable = false,
        description = "Directory quotas: bytes and inodes per directory subtree, enforced by the meta servers (EDQUOT).")
public final class QuotaCommand implements Runnable {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: set, get, list or remove");
    }

    /** What every subcommand shares: where the cluster is, and how to print. */
    abstract static class QuotaAction implements Callable<Integer> {
        @Option(names = "--manager", paramLabel = "HOST:PORT", split = ",",
                description = "Manager RPC address(es); default: the RPC addresses of manager.peers, else manager.rpc-address.")
        List<String> managers = new ArrayList<>();

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @Mixin
        ConfigOptions configOptions;

        @Spec
        CommandLine.Model.CommandSpec spec;

        abstract Object act(WfsClient client);

        /** Usage checks, before anything connects (ParameterException: exit 2). */
        void check() {
        }

        @Override
        public Integer call() throws Exception {
            CommandLine cl = spec.commandLine();
            check();
            WfsConfig config = configOptions.load(cl);
            if (managers.isEmpty()) {
                config = io.wfs.cli.local.LocalDefaults.orRunningLocal(config);
            }
            List<String> targets = ManagerTargets.resolve(cl, managers, config);
            Object result;
            try (WfsClient client = new WfsClient(config.with(ClientConfigKeys.MANAGERS, String.join(",", targets)),
                    DaemonSupport.secret(config, cl), new MetricRegistry())) {
                result = act(client);
            } catch (WfsException e) {
                cl.getErr().println("wfs quota: " + e.getMessage() + " (" + e.code() + ")");
                return 1;
            }
            print(cl.getOut(), result);
            return 0;
        }

        private void print(PrintWriter out, Object result) throws Exception {
            if (result instanceof String text) {
                out.println(text);
            } else if (json) {
                out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result));
            } else {
                out.print(QuotaText.table(result));
            }
            out.flush();
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = "Put a quota on a directory, or change its limits. 0 means no limit. A new quota needs the "
                    + "directory's subtree in its slot: an empty directory, or one whose subdirectories were made "
                    + "under a quota.")
    static final class Set extends QuotaAction {
        @Parameters(paramLabel = "PATH", description = "The directory, as a cluster path, e.g. /volumes/pvc-1.")
        String path;

        @Option(names = "--bytes", paramLabel = "SIZE", defaultValue = "0",
                description = "Byte limit, e.g. 10G (default ${DEFAULT-VALUE}: none).")
        String bytes;

        @Option(names = "--inodes", paramLabel = "N", defaultValue = "0", description = "Inode limit (default ${DEFAULT-VALUE}: none).")
        long inodes;

        private long limitBytes;

        @Override
        void check() {
            try {
                limitBytes = ConfigType.SIZE.parse(bytes);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--bytes: " + e.getMessage());
            }
            if (limitBytes < 0 || inodes < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "a limit cannot be negative");
            }
        }

        @Override
        Object act(WfsClient client) {
            return row(path, client.quotas().set(Caller.ROOT, path, limitBytes, inodes));
        }
    }

    @Command(name = "get", mixinStandardHelpOptions = true, description = "Show a directory's quota and usage.")
    static final class Get extends QuotaAction {
        @Parameters(paramLabel = "PATH", description = "The directory, as a cluster path.")
        String path;

        @Override
        Object act(WfsClient client) {
            return row(path, client.quotas().get(Caller.ROOT, path));
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Every quota of the cluster.")
    static final class ListAll extends QuotaAction {
        @Override
        Object act(WfsClient client) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (QuotaUsage q : client.quotas().list(Caller.ROOT)) {
                rows.add(row(client.quotas().pathOf(Caller.ROOT, q.dirIno()).orElse("?"), q));
            }
            return rows;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Take the quota off a directory; its files stay.")
    static final class Remove extends QuotaAction {
        @Parameters(paramLabel = "PATH", description = "The directory, as a cluster path.")
        String path;

        @Override
        Object act(WfsClient client) {
            client.quotas().remove(Caller.ROOT, path);
            return "removed the quota of " + path;
        }
    }

    static Map<String, Object> row(String path, QuotaUsage q) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", path);
        m.put("inode", q.dirIno());
        m.put("limitBytes", q.limitBytes());
        m.put("usedBytes", q.usedBytes());
        m.put("limitInodes", q.limitInodes());
        m.put("usedInodes", q.usedInodes());
        return m;
    }

    /** Registers {@code wfs quota} and its subcommands. */
    public static CommandLine commandLine() {
        CommandLine quota = new CommandLine(new QuotaCommand());
        quota.addSubcommand("set", new Set());
        quota.addSubcommand("get", new Get());
        quota.addSubcommand("list", new ListAll());
        quota.addSubcommand("remove", new Remove());
        return quota;
    }
}
