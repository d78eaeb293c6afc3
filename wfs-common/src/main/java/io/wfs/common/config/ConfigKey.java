package io.wfs.common.config;

import java.util.Objects;
import java.util.function.Function;

/**
 * One typed configuration key: its name, type, default and a line of documentation.
 * Keys are declared once, as constants of a module's {@link ConfigKeySet}.
 */
public final class ConfigKey<T> {
    private final String name;
    private final ConfigType<T> type;
    private final T defaultValue;
    private final String doc;
    /** Returns null when the value is acceptable, otherwise why it is not. */
    private final Function<T, String> check;

    private ConfigKey(String name, ConfigType<T> type, T defaultValue, String doc, Function<T, String> check) {
        this.name = Objects.requireNonNull(name);
        this.type = Objects.requireNonNull(type);
        this.defaultValue = defaultValue;
        this.doc = Objects.requireNonNull(doc);
        this.check = check;
        String problem = check.apply(defaultValue);
        if (problem != null) {
            throw new IllegalArgumentException("default of " + name + " is invalid: " + problem);
        }
    }

    public static ConfigKey<Integer> intKey(String name, int def, int min, int max, String doc) {
        return new ConfigKey<>(name, ConfigType.INT, def, doc,
                v -> v < min || v > max ? "must be between " + min + " and " + max : null);
    }

    public static ConfigKey<Long> sizeKey(String name, long def, long min, long max, String doc) {
        return new ConfigKey<>(name, ConfigType.SIZE, def, doc,
                v -> v < min || v > max ? "must be between " + ConfigType.formatSize(min) + " and " + ConfigType.formatSize(max) : null);
    }

    public static ConfigKey<java.time.Duration> durationKey(String name, java.time.Duration def, String doc) {
        return new ConfigKey<>(name, ConfigType.DURATION, def, doc, v -> v.isNegative() ? "must not be negative" : null);
    }

    public static ConfigKey<Boolean> booleanKey(String name, boolean def, String doc) {
        return new ConfigKey<>(name, ConfigType.BOOLEAN, def, doc, v -> null);
    }

    public static ConfigKey<String> stringKey(String name, String def, String doc) {
        return new ConfigKey<>(name, ConfigType.STRING, def, doc, v -> v == null ? "must be set" : null);
    }

    public String name() {
        return name;
    }

    public ConfigType<T> type() {
        return type;
    }

    public T defaultValue() {
        return defaultValue;
    }

    public String doc() {
        return doc;
    }

    /** Parses and checks a textual value; throws IllegalArgumentException naming the key. */
    public T parse(String text) {
        T v;
        try {
            v = type.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
        String problem = check.apply(v);
        if (problem != null) {
            throw new IllegalArgumentException(name + ": " + problem + " (got '" + text + "')");
        }
        return v;
    }

    public String formatDefault() {
        return type.format(defaultValue);
    }

    @Override
    public String toString() {
        return name;
    }
}
