package io.wfs.common.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * An immutable set of configuration values: a properties file overridden by command-line
 * flags. Every value is checked against its {@link ConfigKey} when the config is built, so
 * a typo or a bad value fails at start, with all problems listed at once.
 */
public final class WfsConfig {
    private static final WfsConfig EMPTY = new WfsConfig(Map.of());
    private final Map<String, String> raw;

    private WfsConfig(Map<String, String> raw) {
        this.raw = Collections.unmodifiableMap(new LinkedHashMap<>(raw));
    }

    /** A config in which every key has its default. */
    public static WfsConfig defaults() {
        return EMPTY;
    }

    /**
     * Loads {@code file} (may be null), applies {@code overrides}, and checks every entry
     * against {@code registry}: unknown keys and invalid values are reported together.
     */
    public static WfsConfig load(Path file, Map<String, String> overrides, ConfigRegistry registry) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        if (file != null) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(file)) {
                p.load(r);
            }
            for (String name : p.stringPropertyNames()) {
                values.put(name, p.getProperty(name));
            }
        }
        values.putAll(overrides);
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            ConfigKey<?> key = registry.get(e.getKey());
            if (key == null) {
                problems.add("unknown configuration key '" + e.getKey() + "'");
                continue;
            }
            try {
                key.parse(e.getValue());
            } catch (IllegalArgumentException ex) {
                problems.add(ex.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid configuration" + (file == null ? "" : " (" + file + ")")
                    + ":\n  " + String.join("\n  ", problems));
        }
        return new WfsConfig(values);
    }

    /** Returns the value of {@code key}, or its default when unset. */
    public <T> T get(ConfigKey<T> key) {
        String v = raw.get(key.name());
        return v == null ? key.defaultValue() : key.parse(v);
    }

    public boolean isSet(ConfigKey<?> key) {
        return raw.containsKey(key.name());
    }

    /** A copy with one more value (checked now). Used by launchers and tests. */
    public <T> WfsConfig with(ConfigKey<T> key, T value) {
        String text = key.type().format(value);
        key.parse(text);
        Map<String, String> copy = new LinkedHashMap<>(raw);
        copy.put(key.name(), text);
        return new WfsConfig(copy);
    }

    /** The explicitly set values, as text. */
    public Map<String, String> explicitValues() {
        return raw;
    }
}
