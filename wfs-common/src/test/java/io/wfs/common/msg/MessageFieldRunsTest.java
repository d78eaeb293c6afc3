package io.wfs.common.msg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.MessageFieldRuns.Run;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No two message classes declare the same run of fields (issue 15): a shape two messages share
 * is declared once, in a base class both extend.
 *
 * <p>A <em>run</em> is two or more consecutive fields with the same names and the same Java types in
 * the same order in two message classes, declared in two places ("{@code long srcParent; byte[]
 * srcName;}" written in two class bodies is a run; the same names in another order, one common
 * field, or fields both classes inherit from one base class are not). Inherited fields count in
 * their place (superclass fields first, as protostuff numbers them), so a run split between a base
 * class and a subclass is still a run. Message classes are the bodies of {@link MessageType},
 * {@link ErrorReply}, the messages nested in their fields, and all their superclasses: what
 * protostuff serializes. A run is reported once, for the classes that declare it.
 *
 * <p>Format 1 left 17 runs declared twice because sharing them renumbered fields (a base class's
 * fields come first); wire format 2 ({@link io.wfs.common.rpc.wire.WireFormat}) shared them all.
 * A run both classes number alike can move into a base class without a format change; one they
 * number differently needs a new wire format (docs/wire-protocol.md, Compatibility).
 */
class MessageFieldRunsTest {
    @Test
    void noTwoMessageClassesDeclareTheSameRunOfFields() {
        List<String> problems = new ArrayList<>();
        for (Run r : MessageFieldRuns.repeatedRuns()) {
            problems.add(r.key() + " [" + r.numbers() + "]: " + (r.pinned()
                    ? "numbered differently in the two classes: share it (a base class or a nested value) with a new "
                            + "wire format (WireFormat.VERSION, docs/wire-protocol.md)"
                    : "the two classes serialize the same fields before it; declare it once in a base class both "
                            + "extend (the field numbers stay as they are)"));
        }
        assertTrue(problems.isEmpty(), problems.size() + " repeated run(s) of fields in message classes:\n"
                + String.join("\n", problems));
    }

    /** The detector itself: a repeated run is found, a run inherited from one base is not. */
    @Test
    void detectorTellsRepeatedRunsFromSharedOnes() {
        List<Run> runs = MessageFieldRuns.between(SampleA.class, SampleB.class);
        assertTrue(runs.size() == 1 && runs.get(0).fields().equals(List.of("long parent", "byte[] name")),
                "expected the run (parent, name), found " + runs);
        assertTrue(runs.get(0).pinned(), "the run follows different fields in the two samples");
        assertTrue(MessageFieldRuns.between(SampleB.class, SampleC.class).isEmpty(), "C inherits (parent, name) from B");
        List<Run> split = MessageFieldRuns.between(SampleC.class, SampleD.class);
        assertTrue(split.size() == 1 && split.get(0).fields().size() == 3 && !split.get(0).pinned(),
                "a run split between a base and its subclass counts whole, found " + split);
    }

    @SuppressWarnings("unused")
    private static class SampleA {
        private int uid;
        private long parent;
        private byte[] name;
    }

    @SuppressWarnings("unused")
    private static class SampleB {
        private long parent;
        private byte[] name;
    }

    @SuppressWarnings("unused")
    private static class SampleC extends SampleB {
        private int mode;
    }

    @SuppressWarnings("unused")
    private static class SampleD {
        private long parent;
        private byte[] name;
        private int mode;
    }
}
