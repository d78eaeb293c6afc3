package io.wfs.cli.local;

import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.manager.server.ManagerConfigKeys;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The cluster that {@code wfs local} runs, for the commands that talk to a manager ({@code wfs
 * status}, {@code fsck}, {@code quota}, {@code admin}) when nothing names one: on the machine that
 * runs it they need no {@code --manager} and no secret file (issue 21, "status without
 * ceremony"). Only a running cluster counts: its manager address and secret come from its folder.
 */
public final class LocalDefaults {
    private LocalDefaults() {
    }

    /**
     * {@code config} with the manager and secret of the {@code wfs local} cluster running in
     * {@link LocalCommand#DEFAULT_DIR}, when the configuration names no manager; else as is.
     */
    public static WfsConfig orRunningLocal(WfsConfig config) {
        return orRunningLocal(config, LocalCommand.DEFAULT_DIR);
    }

    static WfsConfig orRunningLocal(WfsConfig config, Path dir) {
        if (!config.get(ManagerConfigKeys.PEERS).isBlank() || !config.get(ManagerConfigKeys.RPC_ADDRESS).isBlank()) {
            return config;
        }
        Path addresses = dir.resolve("cluster.properties");
        try {
            if (new LocalPidFile(dir).running().isEmpty() || !Files.exists(addresses)) {
                return config;
            }
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(addresses)) {
                p.load(r);
            }
            String manager = p.getProperty("manager.rpc");
            if (manager == null) {
                return config;
            }
            WfsConfig local = config.with(ManagerConfigKeys.RPC_ADDRESS, manager);
            return config.get(CommonConfigKeys.SECRET_FILE).isBlank()
                    ? local.with(CommonConfigKeys.SECRET_FILE, dir.resolve("secret").toString()) : local;
        } catch (IOException | RuntimeException e) {
            // An unreadable folder is no local cluster: the command says what it misses as before.
            return config;
        }
    }
}
