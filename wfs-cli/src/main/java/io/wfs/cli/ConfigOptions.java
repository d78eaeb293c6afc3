package io.wfs.cli;

import io.wfs.common.config.ConfigRegistry;
import io.wfs.common.config.WfsConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The configuration options every command that runs components shares: a properties file,
 * overridden by {@code --set key=value} flags. Mixed into commands with {@code @Mixin}.
 */
public final class ConfigOptions {
    @Option(names = "--config", paramLabel = "FILE", description = "Properties file with configuration keys (see 'wfs config --defaults').")
    Path file;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Set one configuration key; overrides the file. Repeatable.")
    Map<String, String> overrides = new LinkedHashMap<>();

    /** These options as command-line arguments again, for a child process that runs the same command. */
    public java.util.List<String> asArguments() {
        java.util.List<String> args = new java.util.ArrayList<>();
        if (file != null) {
            args.add("--config");
            args.add(file.toAbsolutePath().toString());
        }
        overrides.forEach((k, v) -> {
            args.add("--set");
            args.add(k + "=" + v);
        });
        return args;
    }

    /** Loads and checks the configuration; a problem becomes a usage error (exit 2) naming every bad key. */
    public WfsConfig load(CommandLine commandLine) {
        try {
            return WfsConfig.load(file, overrides, ConfigRegistry.discover());
        } catch (IOException e) {
            throw new CommandLine.ParameterException(commandLine, "cannot read " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(commandLine, e.getMessage());
        }
    }
}
