package io.wfs.common.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** Every known configuration key, by name. Duplicate names across modules are a build error. */
public final class ConfigRegistry {
    private final Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();
    private final List<ConfigKeySet> sets = new ArrayList<>();

    public ConfigRegistry(Collection<? extends ConfigKeySet> keySets) {
        for (ConfigKeySet set : keySets) {
            sets.add(set);
            for (ConfigKey<?> k : set.keys()) {
                if (byName.put(k.name(), k) != null) {
                    throw new IllegalStateException("configuration key declared twice: " + k.name());
                }
            }
        }
    }

    /** All key sets on the class path. */
    public static ConfigRegistry discover() {
        List<ConfigKeySet> found = new ArrayList<>();
        ServiceLoader.load(ConfigKeySet.class).forEach(found::add);
        found.sort((a, b) -> a.module().compareTo(b.module()));
        return new ConfigRegistry(found);
    }

    public ConfigKey<?> get(String name) {
        return byName.get(name);
    }

    public List<ConfigKeySet> keySets() {
        return Collections.unmodifiableList(sets);
    }
}
