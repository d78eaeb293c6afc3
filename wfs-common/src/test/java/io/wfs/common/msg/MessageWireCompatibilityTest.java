package io.wfs.common.msg;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.netty.buffer.Unpooled;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.wire.MessageCodec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every message body keeps its bytes: for every request and response class of {@link MessageType}
 * (and {@link ErrorReply}) a sample with a distinct non-default value in every field
 * ({@link WireSamples}) is encoded with {@link MessageCodec} and compared with the bytes recorded
 * in {@code wire-golden-bytes.txt}; the recorded bytes must also decode back into that sample.
 *
 * <p>Why: meta requests are kept in the meta groups' Raft logs ({@code MetaCommand.encode}),
 * replies in the snapshots' session table, the rename plan in the inodes' intents, and during an
 * upgrade nodes of two builds talk to each other. Restructuring a message class (a base class, a
 * moved or retyped field) must leave these bytes as they are. {@link WireSchemaCompatibilityTest}
 * names a renumbered field; this test proves the bytes, ordering and nested messages included.
 *
 * <p>Regenerate (a NEW message class, or a field appended on purpose):
 * {@code mvn -q test -pl wfs-common -Dtest=MessageWireCompatibilityTest -Dwfs.regenerateGolden=true},
 * then check with {@code git diff} that only the new class's line was added, or that the only change is the
 * appended field's bytes: at the end of its class's encoding (a new field is written last), and so also
 * inside the lines of the messages that carry that class nested.
 */
class MessageWireCompatibilityTest {
    static final String GOLDEN = "wire-golden-bytes.txt";
    static final Path SOURCE = Path.of("src", "test", "resources", GOLDEN);
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void everyMessageBodyEncodesToItsRecordedBytes() throws IOException {
        Map<String, String> actual = currentEncodings();
        if (Boolean.getBoolean("wfs.regenerateGolden")) {
            write(actual);
        }
        Map<String, String> golden = golden();
        List<String> problems = new ArrayList<>();
        for (var e : actual.entrySet()) {
            String recorded = golden.get(e.getKey());
            if (recorded == null) {
                problems.add(e.getKey() + ": no recorded bytes (a new message class? regenerate, see the class comment)");
            } else if (!recorded.equals(e.getValue())) {
                problems.add(e.getKey() + ": encodes differently\n  recorded " + recorded + "\n  now      " + e.getValue());
            }
        }
        for (String gone : golden.keySet()) {
            if (!actual.containsKey(gone)) {
                problems.add(gone + ": recorded but no longer a message body; old bytes of it would no longer be read");
            }
        }
        if (!problems.isEmpty()) {
            fail("The bytes of " + problems.size() + " message(s) changed. Logged meta requests, snapshots and peers of "
                    + "the previous build would decode them wrongly (docs/wire-protocol.md, Compatibility):\n"
                    + String.join("\n", problems));
        }
    }

    @Test
    void recordedBytesDecodeIntoTheSample() throws IOException {
        Map<String, String> golden = golden();
        List<String> problems = new ArrayList<>();
        for (Class<?> c : bodyClasses()) {
            String hex = golden.get(c.getName());
            if (hex == null) {
                continue; // reported by the encoding test
            }
            Object decoded = MessageCodec.decode(Unpooled.wrappedBuffer(HEX.parseHex(hex)), c);
            String difference = WireSamples.difference(WireSamples.sample(c), decoded, c.getSimpleName());
            if (difference != null) {
                problems.add(difference);
            }
        }
        assertTrue(problems.isEmpty(), "recorded bytes decode into other values:\n" + String.join("\n", problems));
    }

    /** The sample leaves no field at its default: a field protostuff skips would not be covered. */
    @Test
    void samplesSetEveryField() {
        for (Class<?> c : bodyClasses()) {
            Object sample = WireSamples.sample(c);
            Object empty = MessageCodec.decode(Unpooled.EMPTY_BUFFER, c);
            for (var f : WireSamples.serializedFields(c)) {
                try {
                    assertTrue(WireSamples.difference(f.get(empty), f.get(sample), "") != null,
                            c.getName() + "." + f.getName() + " has its default value in the sample");
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    static List<Class<?>> bodyClasses() {
        TreeSet<String> names = new TreeSet<>();
        List<Class<?>> classes = new ArrayList<>();
        for (MessageType t : MessageType.values()) {
            for (Class<?> c : List.of(t.requestClass(), t.responseClass())) {
                if (names.add(c.getName())) {
                    classes.add(c);
                }
            }
        }
        if (names.add(ErrorReply.class.getName())) {
            classes.add(ErrorReply.class);
        }
        classes.sort((a, b) -> a.getName().compareTo(b.getName()));
        return classes;
    }

    static Map<String, String> currentEncodings() {
        Map<String, String> m = new TreeMap<>();
        for (Class<?> c : bodyClasses()) {
            m.put(c.getName(), HEX.formatHex(MessageCodec.toBytes(WireSamples.sample(c))));
        }
        return m;
    }

    static Map<String, String> golden() throws IOException {
        try (InputStream in = MessageWireCompatibilityTest.class.getClassLoader().getResourceAsStream(GOLDEN)) {
            if (in == null) {
                throw new IllegalStateException(GOLDEN + " is not on the test class path");
            }
            Map<String, String> m = new TreeMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] p = line.trim().split("\\s+");
                    m.put(p[0], p.length > 1 ? p[1] : "");
                }
            }
            return m;
        }
    }

    /** Rewrites the source file (run from the module directory, as surefire does). */
    private static void write(Map<String, String> encodings) throws IOException {
        List<String> out = new ArrayList<>();
        out.add("# The bytes of every message body (MessageWireCompatibilityTest): class hex.");
        out.add("# Each sample has a distinct non-default value in every field (WireSamples). Never edit by hand;");
        out.add("# regenerate with -Dwfs.regenerateGolden=true, then git diff: only new lines or an appended field's bytes.");
        encodings.forEach((c, hex) -> out.add(c + " " + hex));
        Files.write(SOURCE, out, StandardCharsets.UTF_8);
        throw new IllegalStateException("wrote " + SOURCE.toAbsolutePath() + " (" + encodings.size()
                + " classes); rerun without -Dwfs.regenerateGolden to check it");
    }
}
