package io.wfs.cli.bench.fs;

import java.util.Locale;

/**
 * One figure of {@code wfs bench DIR}: {@code operations} done by all threads in
 * {@code elapsedNanos} of wall time, with the mean latency of one operation per thread.
 */
public record FsBenchResult(String item, String unit, double amount, long operations, long elapsedNanos,
        double meanLatencyMillis) {
    /** {@code amount} per second (MiB/s, files/s). */
    public double rate() {
        return elapsedNanos == 0 ? 0 : amount / (elapsedNanos / 1e9);
    }

    public String value() {
        return String.format(Locale.ROOT, "%,.1f %s/s", rate(), unit);
    }

    public String cost() {
        return String.format(Locale.ROOT, "%.2f ms/%s", meanLatencyMillis, unit.equals("MiB") ? "block" : "file");
    }
}
