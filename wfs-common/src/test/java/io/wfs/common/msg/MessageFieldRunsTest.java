package io.wfs.common.msg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.MessageFieldRuns.Run;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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
 * <p>One exception, and the test tells it apart by itself: a run that the two classes serialize
 * after different fields ({@link MessageFieldRuns.Run#pinned}). A base class's fields are numbered
 * first, so moving such a run into a shared base would renumber it in at least one of the two
 * messages ({@code @Tag} does not help: a base class's tags are the same in every subclass), and a
 * nested holder would make it one nested message: either changes the bytes of a message that the meta Raft logs, the
 * snapshots and peers of the previous build read ({@link MessageWireCompatibilityTest}). Those runs
 * are listed in {@link #WIRE_PINNED}; a run missing from the list, or listed but shareable without
 * a wire change, fails the test.
 */
class MessageFieldRunsTest {
    /**
     * Runs that stay declared twice because the two classes number them differently (the test checks that
     * they do): "ClassA ClassB: type field ...", simple names, ClassA first alphabetically; the comment
     * gives the number of the run's first field in each. Sharing one of them needs a wire-format change
     * (docs/wire-protocol.md, Compatibility): a new message id or a versioned log entry, not a refactoring.
     */
    static final Set<String> WIRE_PINNED = Set.of(
            // entries and inodes of the meta requests, after different headers
            "CreateLockedRequest EntryNameRequest: long parent byte[] name", // 6, 2
            "CreateLockedRequest LockForRemoveRequest: long parent byte[] name", // 6, 3
            "EntryNameRequest LockForRemoveRequest: long parent byte[] name", // 2, 3
            "DirEntry StepCheckRequest: byte[] name long ino", // 1, 3
            "ResolveLockRequest StepCheckRequest: long ino long lockTimeNs", // 2, 4
            "RenamePlan RenameRequest: long srcParent byte[] srcName long dstParent byte[] dstName", // 1, 2
            "MetaHeader RenamePlan: long session long seq", // 5, 10
            "LockInfoReply LockRangeRequest: int type long start long end long owner", // 2, 4
            // owner and attributes: the caller (MetaHeader), a new inode, a change, an inode's attributes
            "CreateLockedRequest InodeAttr: int uid int gid", // 4, 4 after different fields
            "CreateLockedRequest MetaHeader: int uid int gid", // 4, 1
            "InodeAttr MetaHeader: int uid int gid", // 4, 1
            "MetaHeader SetAttrRequest: int uid int gid", // 1, 5
            "CreateLockedRequest SetAttrRequest: int mode int uid int gid", // 3, 4
            "InodeAttr SetAttrRequest: int uid int gid long size long atimeNs long mtimeNs", // 4, 5
            // blocks, volumes and nodes
            "BlockAddress SliceInfo: int volume long blockId", // 1, 3
            "VolumeLocationReply VolumeStateReportRequest: long routeVersion int volumeId int state", // 1, 2
            "NodeStatus RegisterStoreNodeRequest: int disks long capacityBytes long freeBytes"); // 5, 2

    @Test
    void noTwoMessageClassesDeclareTheSameRunOfFields() {
        List<Run> runs = MessageFieldRuns.repeatedRuns();
        List<String> problems = new ArrayList<>();
        for (Run r : runs) {
            boolean pinned = r.pinned();
            boolean listed = WIRE_PINNED.contains(r.key());
            if (!pinned) {
                problems.add(r.key() + " [" + r.numbers() + "]: the two classes serialize the same fields before it; "
                        + "declare it once in a base class both extend (the field numbers stay as they are)");
            } else if (!listed) {
                problems.add(r.key() + " [" + r.numbers() + "]: a new repeated run; share it (a base class both "
                        + "extend) if that keeps every field number, otherwise add it to WIRE_PINNED");
            }
        }
        Set<String> found = new LinkedHashSet<>();
        runs.forEach(r -> found.add(r.key()));
        for (String listed : WIRE_PINNED) {
            if (!found.contains(listed)) {
                problems.add(listed + ": listed in WIRE_PINNED but no longer repeated; remove it from the list");
            }
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
