package io.wfs.cli.fsck;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a check found: a count per {@link Problem} and the first few examples of each (bounded,
 * so a badly damaged namespace of millions of inodes does not fill the CLI's memory).
 */
public final class FsckReport {
    /** Examples kept per kind; the count keeps going. */
    public static final int EXAMPLES = 20;

    private final EnumMap<Problem, Long> counts = new EnumMap<>(Problem.class);
    private final EnumMap<Problem, List<String>> examples = new EnumMap<>(Problem.class);
    private long inodes;
    private long directories;
    private long entries;
    /** Files and slices the data check went through; -1: the data was not checked. */
    private long files = -1;
    private long slices = -1;
    private long repairedCount;
    private long repairFailedCount;
    /** What --repair did, the first few of each outcome. */
    private final List<String> repairs = new ArrayList<>();

    void add(Problem p, String example) {
        counts.merge(p, 1L, Long::sum);
        keepExample(p, example);
    }

    private void keepExample(Problem p, String example) {
        List<String> list = examples.computeIfAbsent(p, k -> new ArrayList<>());
        if (list.size() < EXAMPLES) {
            list.add(example);
        }
    }

    void scanned(long inodes, long directories, long entries) {
        this.inodes = inodes;
        this.directories = directories;
        this.entries = entries;
    }

    void repaired(String what, boolean done) {
        if (done) {
            repairedCount++;
        } else {
            repairFailedCount++;
        }
        if (repairs.size() < 2 * EXAMPLES) {
            repairs.add((done ? "REPAIRED: " : "REPAIR FAILED: ") + what);
        }
    }

    public long repairedCount() {
        return repairedCount;
    }

    public long repairFailedCount() {
        return repairFailedCount;
    }

    /** What --repair did, each line "REPAIRED: …" or "REPAIR FAILED: …" (the first few). */
    public List<String> repairs() {
        return repairs;
    }

    void dataScanned(long files, long slices) {
        this.files = files;
        this.slices = slices;
    }

    /** {@code other}'s findings and counts added to this report's. */
    FsckReport merge(FsckReport other) {
        for (Problem p : other.found()) {
            counts.merge(p, other.count(p), Long::sum);
            other.examples(p).forEach(e -> keepExample(p, e));
        }
        if (other.files >= 0) {
            dataScanned(other.files, other.slices);
        }
        repairedCount += other.repairedCount;
        repairFailedCount += other.repairFailedCount;
        repairs.addAll(other.repairs);
        return this;
    }

    public long count(Problem p) {
        return counts.getOrDefault(p, 0L);
    }

    public List<String> examples(Problem p) {
        return examples.getOrDefault(p, List.of());
    }

    /** The kinds found at least once. */
    public Set<Problem> found() {
        return counts.isEmpty() ? EnumSet.noneOf(Problem.class) : EnumSet.copyOf(counts.keySet());
    }

    public boolean clean() {
        return counts.isEmpty();
    }

    public long inodes() {
        return inodes;
    }

    /** The report as a JSON-ready tree: totals, then every kind with its count and examples. */
    public Map<String, Object> toMap() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("clean", clean());
        doc.put("inodes", inodes);
        doc.put("directories", directories);
        doc.put("entries", entries);
        doc.put("data_checked", files >= 0);
        doc.put("files_checked", Math.max(0, files));
        doc.put("slices_checked", Math.max(0, slices));
        Map<String, Object> problems = new LinkedHashMap<>();
        for (Problem p : Problem.values()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("count", count(p));
            one.put("description", p.description());
            one.put("examples", examples(p));
            problems.put(p.name(), one);
        }
        doc.put("problems", problems);
        doc.put("repaired", repairedCount);
        doc.put("repair_failed", repairFailedCount);
        doc.put("repairs", repairs);
        return doc;
    }

    /** The summary table and the examples of every kind found. */
    public String toText() {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%-20s %10s  %s%n", "CHECK", "FOUND", "WHAT"));
        for (Problem p : Problem.values()) {
            out.append(String.format("%-20s %10d  %s%n", p.name(), count(p), p.description()));
        }
        for (Problem p : Problem.values()) {
            for (String e : examples(p)) {
                out.append(p.name()).append(": ").append(e).append('\n');
            }
            if (count(p) > examples(p).size()) {
                out.append(p.name()).append(": ... and ").append(count(p) - examples(p).size()).append(" more\n");
            }
        }
        for (String r : repairs) {
            out.append(r).append('\n');
        }
        if (repairedCount + repairFailedCount > 0) {
            out.append(String.format("%d repaired, %d could not be repaired%n", repairedCount, repairFailedCount));
        }
        String data = files < 0 ? "data not checked" : String.format("%d files and %d slices checked on the stores", files, slices);
        out.append(String.format("%d inodes, %d directories, %d entries, %s: %s%n", inodes, directories, entries, data,
                clean() ? "clean" : "DAMAGED"));
        return out.toString();
    }
}
