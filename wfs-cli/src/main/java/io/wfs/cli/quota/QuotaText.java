package io.wfs.cli.quota;

import io.wfs.common.config.ConfigType;
import java.util.List;
import java.util.Map;

/** The human form of quota rows: one line per quota, sizes as {@code ConfigType.SIZE} writes them. */
final class QuotaText {
    private static final String FORMAT = "%-40s %12s %12s %12s %12s%n";

    private QuotaText() {
    }

    @SuppressWarnings("unchecked")
    static String table(Object result) {
        List<Map<String, Object>> rows = result instanceof List<?> list ? (List<Map<String, Object>>) list
                : List.of((Map<String, Object>) result);
        StringBuilder out = new StringBuilder(String.format(FORMAT, "PATH", "USED", "LIMIT", "INODES", "INODE LIMIT"));
        for (Map<String, Object> r : rows) {
            out.append(String.format(FORMAT, r.get("path"), size((Long) r.get("usedBytes")), limit((Long) r.get("limitBytes"), true),
                    r.get("usedInodes"), limit((Long) r.get("limitInodes"), false)));
        }
        return out.toString();
    }

    private static String limit(long value, boolean bytes) {
        return value == 0 ? "none" : bytes ? size(value) : Long.toString(value);
    }

    private static String size(long bytes) {
        return ConfigType.SIZE.format(bytes);
    }
}
