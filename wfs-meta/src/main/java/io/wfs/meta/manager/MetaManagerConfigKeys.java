package io.wfs.meta.manager;

import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.stringKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.time.Duration;
import java.util.List;

/** Keys of a meta server's link to the manager ({@code wfs meta}). */
public final class MetaManagerConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> MANAGERS = stringKey("meta.managers", "",
            "Comma-separated host:port (RPC) of the managers. Set: the server registers, takes its groups and slot map "
                    + "from the manager (meta.slot-map-file is then ignored) and reports the groups it leads.");
    public static final ConfigKey<Duration> MANAGER_WAIT = durationKey("meta.manager-wait", Duration.ofMinutes(10),
            "How long a starting meta server waits for the manager to place the meta groups (it needs "
                    + "manager.meta-replicas meta nodes registered) before giving up.");

    @Override
    public String module() {
        return "meta-manager";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(MANAGERS, MANAGER_WAIT);
    }
}
