package io.wfs.store.manager;

import static io.wfs.common.config.ConfigKey.stringKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.util.List;

/** Keys of a store's link to the manager ({@code wfs store}). */
public final class StoreManagerConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> MANAGERS = stringKey("store.managers", "",
            "Comma-separated host:port (RPC) of the managers. Set: the store registers, heartbeats, takes its volumes "
                    + "from the manager's route and serves routes to clients. Empty: standalone (volumes by admin RPC).");

    @Override
    public String module() {
        return "store-manager";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(MANAGERS);
    }
}
