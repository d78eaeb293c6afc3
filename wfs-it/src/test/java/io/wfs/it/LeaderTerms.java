package io.wfs.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the "group G: leader of term T" lines every Raft replica logs when it wins a term
 * ({@code StateMachineBridge.onLeaderStart}) from the logs of a cluster's processes, one log per
 * node, appended across restarts: Raft's safety says no term has two leaders, and this checks it
 * after a chaos run.
 */
final class LeaderTerms {
    private static final Pattern LINE = Pattern.compile("group (\\S+): leader of term (\\d+)");

    private LeaderTerms() {
    }

    /** "group G term T: node logs …" for every (group, term) that more than one node's log claims. */
    static List<String> termsWithTwoLeaders(Path clusterDir) throws IOException {
        Map<String, TreeSet<String>> claims = new TreeMap<>();
        try (Stream<Path> logs = Files.list(clusterDir)) {
            for (Path log : logs.filter(p -> p.getFileName().toString().endsWith(".log")).toList()) {
                try (Stream<String> lines = Files.lines(log)) {
                    lines.forEach(l -> {
                        Matcher m = LINE.matcher(l);
                        if (m.find()) {
                            claims.computeIfAbsent("group " + m.group(1) + " term " + m.group(2), k -> new TreeSet<>())
                                    .add(log.getFileName().toString());
                        }
                    });
                }
            }
        }
        List<String> doubled = new ArrayList<>();
        claims.forEach((term, nodes) -> {
            if (nodes.size() > 1) {
                doubled.add(term + ": " + nodes);
            }
        });
        if (claims.isEmpty()) {
            doubled.add("no leader line in any log of " + clusterDir + ": the check would prove nothing");
        }
        return doubled;
    }
}
