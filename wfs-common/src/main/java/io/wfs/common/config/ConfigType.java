package io.wfs.common.config;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;

/**
 * How a configuration value is written as text and read back. Sizes accept B, KiB, MiB,
 * GiB, TiB (and K, M, G, T as binary units); durations accept ms, s, m, h.
 */
public final class ConfigType<T> {
    public static final ConfigType<Integer> INT = new ConfigType<>("int", s -> Integer.parseInt(s.trim()), String::valueOf);
    public static final ConfigType<Long> LONG = new ConfigType<>("long", s -> Long.parseLong(s.trim()), String::valueOf);
    public static final ConfigType<Boolean> BOOLEAN = new ConfigType<>("boolean", ConfigType::parseBoolean, String::valueOf);
    public static final ConfigType<String> STRING = new ConfigType<>("string", s -> s, s -> s);
    public static final ConfigType<Long> SIZE = new ConfigType<>("size", ConfigType::parseSize, ConfigType::formatSize);
    public static final ConfigType<Duration> DURATION = new ConfigType<>("duration", ConfigType::parseDuration, ConfigType::formatDuration);

    private final String name;
    private final Function<String, T> parser;
    private final Function<T, String> formatter;

    private ConfigType(String name, Function<String, T> parser, Function<T, String> formatter) {
        this.name = name;
        this.parser = parser;
        this.formatter = formatter;
    }

    public String name() {
        return name;
    }

    /** Parses text; throws IllegalArgumentException with a readable reason. */
    public T parse(String text) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a valid " + name + ": '" + text + "'", e);
        }
    }

    public String format(T value) {
        return formatter.apply(value);
    }

    private static Boolean parseBoolean(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("yes") || v.equals("on")) {
            return true;
        }
        if (v.equals("false") || v.equals("no") || v.equals("off")) {
            return false;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    static long parseSize(String s) {
        String v = s.trim();
        int i = 0;
        while (i < v.length() && (Character.isDigit(v.charAt(i)))) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("expected a number");
        }
        long n = Long.parseLong(v.substring(0, i));
        String unit = v.substring(i).trim().toUpperCase(Locale.ROOT);
        int shift = switch (unit) {
            case "", "B" -> 0;
            case "K", "KB", "KIB" -> 10;
            case "M", "MB", "MIB" -> 20;
            case "G", "GB", "GIB" -> 30;
            case "T", "TB", "TIB" -> 40;
            default -> throw new IllegalArgumentException("unknown size unit '" + unit + "'");
        };
        if (n > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException("size too large");
        }
        return n << shift;
    }

    static String formatSize(Long bytes) {
        long b = bytes;
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        while (u < units.length - 1 && b != 0 && (b & 1023) == 0) {
            b >>= 10;
            u++;
        }
        return b + units[u];
    }

    static Duration parseDuration(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < v.length() && Character.isDigit(v.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("expected a number");
        }
        long n = Long.parseLong(v.substring(0, i));
        return switch (v.substring(i).trim()) {
            case "ms" -> Duration.ofMillis(n);
            case "s", "" -> Duration.ofSeconds(n);
            case "m", "min" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> throw new IllegalArgumentException("unknown duration unit in '" + s + "'");
        };
    }

    static String formatDuration(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms != 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms != 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
