package io.wfs.cli.bench.fs;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The final table of {@code wfs bench DIR}, and the same figures as one JSON object for scripts. */
public final class FsBenchTable {
    private FsBenchTable() {
    }

    public static void print(PrintWriter out, List<FsBenchResult> results) {
        int item = "ITEM".length();
        int value = "VALUE".length();
        for (FsBenchResult r : results) {
            item = Math.max(item, r.item().length());
            value = Math.max(value, r.value().length());
        }
        String row = "| %-" + item + "s | %" + value + "s | %14s |%n";
        String line = "+" + "-".repeat(item + 2) + "+" + "-".repeat(value + 2) + "+" + "-".repeat(16) + "+";
        out.println(line);
        out.printf(Locale.ROOT, row, "ITEM", "VALUE", "COST");
        out.println(line);
        for (FsBenchResult r : results) {
            out.printf(Locale.ROOT, row, r.item(), r.value(), r.cost());
        }
        out.println(line);
    }

    public static void printJson(PrintWriter out, List<FsBenchResult> results) {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < results.size(); i++) {
            FsBenchResult r = results.get(i);
            json.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT,
                    "\"%s\": {\"rate\": %.3f, \"unit\": \"%s/s\", \"mean_latency_ms\": %.3f}",
                    r.item(), r.rate(), r.unit(), r.meanLatencyMillis()));
        }
        out.println(json.append('}'));
    }
}
