package io.wfs.common.msg;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.wfs.common.msg.WireSchemaListing.Line;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The wire format of every message stays what it was: field numbers, names and types against the
 * golden file {@code wire-schema.txt} (test resources, next to this class's package).
 *
 * <p>Why it matters: protostuff's RuntimeSchema numbers fields by declaration order, superclass
 * fields first, and the binary form carries only those numbers. Meta requests are kept in the meta
 * groups' Raft logs and their replies in the snapshots (session table), and nodes of two builds
 * talk to each other during an upgrade: a field that moves to a base class, is reordered, renamed
 * to another type or removed makes old logs, snapshots and peers decode into the wrong fields.
 */
class WireSchemaCompatibilityTest {
    static final String GOLDEN = "wire-schema.txt";
    static final Path ACTUAL = Path.of("target", "wire-schema.actual.txt");

    private static final String HOW = """
            The wire format of a message changed (list below). Meta requests live in the meta Raft logs, \
            replies in the snapshots, and nodes of the previous build still talk to this one: a field's \
            number and type must never change, and a number is never reused.
            - To carry new data: add a field with a NEW number (protostuff gives the next number to a field \
            declared last in the most derived class; in a class whose fields carry @Tag, add @Tag(next unused)) \
            and append its line to src/test/resources/%s.
            - Moving fields into a shared base class renumbers them (superclass fields come first): keep the \
            old numbers with @io.protostuff.Tag on every field of that class hierarchy, or keep the fields where they were.
            - To drop a field: mark it @Deprecated (RuntimeSchema then skips it but keeps its number taken).
            - A pure rename (same number, same type) is compatible: fix the name in the golden file.
            The whole current listing was written to %s.
            """;

    @Test
    void everyMessageKeepsItsFieldNumbersAndTypes() throws IOException {
        List<Line> actual = WireSchemaListing.current();
        Files.createDirectories(ACTUAL.getParent());
        Files.write(ACTUAL, render(actual), StandardCharsets.UTF_8);

        List<Line> golden = golden();
        List<String> problems = compare(golden, actual);
        if (!problems.isEmpty()) {
            fail(String.format(HOW, GOLDEN, ACTUAL.toAbsolutePath()) + "\n" + String.join("\n", problems));
        }
    }

    /** The listing reaches the nested messages too, so a change inside one of them is caught. */
    @Test
    void listingCoversNestedMessages() {
        List<String> classes = WireSchemaListing.current().stream().map(Line::className).distinct().toList();
        for (String nested : List.of("msg.meta.MetaHeader", "msg.meta.InodeAttr", "msg.meta.RenamePlan",
                "msg.meta.SliceInfo")) {
            assertTrue(classes.contains(nested), nested + " missing from the listing");
        }
    }

    static List<Line> golden() throws IOException {
        try (InputStream in = WireSchemaCompatibilityTest.class.getClassLoader().getResourceAsStream(GOLDEN)) {
            if (in == null) {
                throw new IllegalStateException(GOLDEN + " is not on the test class path");
            }
            List<Line> lines = new ArrayList<>();
            for (String s : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!s.isBlank() && !s.startsWith("#")) {
                    lines.add(Line.parse(s));
                }
            }
            return lines;
        }
    }

    static List<String> render(List<Line> lines) {
        List<String> out = new ArrayList<>();
        out.add("# The wire format of every message (WireSchemaCompatibilityTest): Class number name javaType wireType.");
        out.add("# Class names without io.wfs.common.; enums list their constants by ordinal. Never renumber: append.");
        for (Line l : lines) {
            out.add(l.toString());
        }
        return out;
    }

    /** The differences, one line each, naming the class and field and what to do. */
    static List<String> compare(List<Line> golden, List<Line> actual) {
        Map<String, Map<Integer, Line>> was = index(golden);
        Map<String, Map<Integer, Line>> now = index(actual);
        List<String> problems = new ArrayList<>();
        for (var c : was.entrySet()) {
            Map<Integer, Line> fields = now.get(c.getKey());
            if (fields == null) {
                problems.add(c.getKey() + ": no longer on the wire (class renamed, moved or no longer reached "
                        + "from MessageType); old bytes of it would not decode");
                continue;
            }
            for (Line old : c.getValue().values()) {
                Line cur = fields.get(old.number());
                if (cur == null) {
                    problems.add(old.className() + " field " + old.number() + " (" + old.name() + " " + old.javaType()
                            + "): gone; was [" + old + "]" + movedTo(fields, old));
                } else if (!cur.wireType().equals(old.wireType()) || !cur.javaType().equals(old.javaType())) {
                    problems.add(old.className() + " field " + old.number() + " (" + old.name() + "): type changed from "
                            + old.javaType() + "/" + old.wireType() + " to " + cur.javaType() + "/" + cur.wireType()
                            + " (now [" + cur + "])");
                } else if (!cur.name().equals(old.name())) {
                    problems.add(old.className() + " field " + old.number() + ": renamed " + old.name() + " -> "
                            + cur.name() + " (compatible on the wire; update the name in " + GOLDEN + ")");
                }
            }
            for (Line cur : fields.values()) {
                if (!c.getValue().containsKey(cur.number())) {
                    problems.add(cur.className() + " field " + cur.number() + " (" + cur.name() + "): new; if it is "
                            + "meant to be a new field with a new number, append [" + cur + "] to " + GOLDEN);
                }
            }
        }
        for (var c : now.entrySet()) {
            if (!was.containsKey(c.getKey())) {
                problems.add(c.getKey() + ": new message class; append its lines from " + ACTUAL + " to " + GOLDEN);
            }
        }
        return problems;
    }

    private static String movedTo(Map<Integer, Line> fields, Line old) {
        for (Line cur : fields.values()) {
            if (cur.name().equals(old.name())) {
                return "; the field " + old.name() + " now has number " + cur.number() + " (renumbered)";
            }
        }
        return "";
    }

    private static Map<String, Map<Integer, Line>> index(List<Line> lines) {
        Map<String, Map<Integer, Line>> m = new TreeMap<>();
        for (Line l : lines) {
            m.computeIfAbsent(l.className(), k -> new TreeMap<>()).put(l.number(), l);
        }
        return m;
    }
}
