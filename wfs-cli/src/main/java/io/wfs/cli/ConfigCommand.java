package io.wfs.cli;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import io.wfs.common.config.ConfigRegistry;
import io.wfs.common.config.WfsConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Prints every configuration key with its type, default and doc, or checks a configuration file. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Show the configuration keys (--defaults) or check a configuration file (--check FILE).")
final class ConfigCommand implements Callable<Integer> {
    @Option(names = "--defaults", description = "Print every key with its type, default and description, as a properties file.")
    boolean defaults;

    @Option(names = "--check", paramLabel = "FILE", description = "Validate FILE: unknown keys and bad values are listed.")
    Path check;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ConfigRegistry registry = ConfigRegistry.discover();
        PrintWriter out = spec.commandLine().getOut();
        if (check != null) {
            try {
                WfsConfig.load(check, Map.of(), registry);
                out.println(check + ": valid");
                return 0;
            } catch (IllegalArgumentException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return 1;
            }
        }
        if (!defaults) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --defaults or --check FILE");
        }
        for (ConfigKeySet set : registry.keySets()) {
            out.println("# ---- " + set.module() + " ----");
            for (ConfigKey<?> key : set.keys()) {
                out.println("# " + key.doc() + " (" + key.type().name() + ")");
                out.println(key.name() + " = " + key.formatDefault());
            }
            out.println();
        }
        out.flush();
        return 0;
    }
}
