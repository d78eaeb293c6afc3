package io.wfs.cli;

import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The {@code --manager} option of the commands that talk to the manager leader ({@code @Mixin}). */
public final class ManagerOptions {
    @Option(names = "--manager", paramLabel = "HOST:PORT", split = ",",
            description = "Manager RPC address(es); default: the RPC addresses of manager.peers, else manager.rpc-address.")
    List<String> managers = new ArrayList<>();

    /**
     * The configuration, with the manager and secret of the running {@code wfs local} cluster when
     * neither --manager nor the configuration names a manager ({@link io.wfs.cli.local.LocalDefaults}).
     */
    public WfsConfig orRunningLocal(WfsConfig config) {
        return managers.isEmpty() ? io.wfs.cli.local.LocalDefaults.orRunningLocal(config) : config;
    }

    /** The managers to ask ({@link ManagerTargets#resolve}). */
    public List<String> targets(CommandLine cl, WfsConfig config) {
        return ManagerTargets.resolve(cl, managers, config);
    }

    /** A duration option's value, or a usage error naming the option. */
    public static Duration duration(CommandLine cl, String option, String value) {
        try {
            return CommonConfigKeys.CALL_TIMEOUT.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, option + ": " + e.getMessage());
        }
    }
}
