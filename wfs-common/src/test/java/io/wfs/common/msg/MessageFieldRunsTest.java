package io.wfs.common.msg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
 * after different fields ({@link #pinned}). A base class's fields are numbered first, so moving
 * such a run into a shared base would renumber it in at least one of the two messages ({@code @Tag}
 * does not help: a base class's tags are the same in every subclass), and a nested holder would
 * make it one nested message: either changes the bytes of a message that the meta Raft logs, the
 * snapshots and peers of the previous build read ({@link MessageWireCompatibilityTest}). Those runs
 * are listed in {@link #WIRE_PINNED}; a run missing from the list, or listed but shareable without
 * a wire change, fails the test.
 */
class MessageFieldRunsTest {
    private static final int MIN_RUN = 2;

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

    /** A run: the classes declaring it, its fields, their index in each class, and which declarations repeat which. */
    record Run(Class<?> a, Class<?> b, List<String> fields, int startA, int startB, Set<String> declarations) {
        String key() {
            return a.getSimpleName() + " " + b.getSimpleName() + ": " + String.join(" ", fields);
        }

        String numbers() {
            return a.getSimpleName() + "@" + (startA + 1) + ", " + b.getSimpleName() + "@" + (startB + 1);
        }
    }

    @Test
    void noTwoMessageClassesDeclareTheSameRunOfFields() {
        List<Run> runs = repeatedRuns();
        List<String> problems = new ArrayList<>();
        for (Run r : runs) {
            boolean pinned = pinned(r);
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
        List<Run> runs = runsBetween(SampleA.class, SampleB.class);
        assertTrue(runs.size() == 1 && runs.get(0).fields().equals(List.of("long parent", "byte[] name")),
                "expected the run (parent, name), found " + runs);
        assertTrue(pinned(runs.get(0)), "the run follows different fields in the two samples");
        assertTrue(runsBetween(SampleB.class, SampleC.class).isEmpty(), "C inherits (parent, name) from B");
        List<Run> split = runsBetween(SampleC.class, SampleD.class);
        assertTrue(split.size() == 1 && split.get(0).fields().size() == 3 && !pinned(split.get(0)),
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

    /**
     * Every repeated run between two message classes, once: a run found in many pairs of classes (every
     * subclass of a base repeats its base's run) is reported for the classes that declare it.
     */
    static List<Run> repeatedRuns() {
        List<Class<?>> classes = messageClasses();
        Map<String, Run> runs = new TreeMap<>();
        for (int i = 0; i < classes.size(); i++) {
            for (int j = i + 1; j < classes.size(); j++) {
                for (Run r : runsBetween(classes.get(i), classes.get(j))) {
                    runs.putIfAbsent(r.key(), r);
                }
            }
        }
        // A run whose repeated declarations are part of a longer run is that run, seen from a base class.
        List<Run> all = new ArrayList<>(runs.values());
        all.removeIf(r -> all.stream().anyMatch(o -> o != r && o.declarations().size() > r.declarations().size()
                && o.declarations().containsAll(r.declarations())));
        return all;
    }

    /**
     * The maximal runs of at least {@link #MIN_RUN} consecutive fields that {@code a} and {@code b} both
     * serialize (inherited fields included, so splitting a run between a base class and a subclass still
     * shows it) and that are declared in different places: fields both inherit from one base are shared.
     */
    static List<Run> runsBetween(Class<?> a, Class<?> b) {
        List<Field> fa = serializedFields(a);
        List<Field> fb = serializedFields(b);
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < fa.size(); i++) {
            for (int j = 0; j < fb.size(); j++) {
                if (i > 0 && j > 0 && repeats(fa.get(i - 1), fb.get(j - 1))) {
                    continue; // inside a longer run already counted
                }
                int k = 0;
                while (i + k < fa.size() && j + k < fb.size() && repeats(fa.get(i + k), fb.get(j + k))) {
                    k++;
                }
                if (k >= MIN_RUN) {
                    runs.add(run(fa.subList(i, i + k), fb.subList(j, j + k)));
                }
            }
        }
        return runs;
    }

    /** Same name and type, declared in two places. */
    private static boolean repeats(Field x, Field y) {
        return !x.equals(y) && describe(x).equals(describe(y));
    }

    /** The run, named by the classes that declare it (the most derived class declaring one of its fields). */
    private static Run run(List<Field> inA, List<Field> inB) {
        Class<?> a = inA.get(inA.size() - 1).getDeclaringClass();
        Class<?> b = inB.get(inB.size() - 1).getDeclaringClass();
        int startA = serializedFields(a).indexOf(inA.get(0));
        int startB = serializedFields(b).indexOf(inB.get(0));
        List<String> names = inA.stream().map(MessageFieldRunsTest::describe).toList();
        Set<String> declarations = new TreeSet<>();
        for (int i = 0; i < inA.size(); i++) {
            String x = declaration(inA.get(i));
            String y = declaration(inB.get(i));
            declarations.add(x.compareTo(y) <= 0 ? x + "=" + y : y + "=" + x);
        }
        return a.getSimpleName().compareTo(b.getSimpleName()) <= 0
                ? new Run(a, b, names, startA, startB, declarations)
                : new Run(b, a, names, startB, startA, declarations);
    }

    /** True when the two classes serialize different fields before the run: sharing it would renumber it. */
    static boolean pinned(Run r) {
        List<String> beforeA = serializedFields(r.a()).subList(0, r.startA()).stream()
                .map(MessageFieldRunsTest::describe).toList();
        List<String> beforeB = serializedFields(r.b()).subList(0, r.startB()).stream()
                .map(MessageFieldRunsTest::describe).toList();
        return !beforeA.equals(beforeB);
    }

    private static String declaration(Field f) {
        return f.getDeclaringClass().getName() + "." + f.getName();
    }

    static String describe(Field f) {
        return WireSchemaListing.typeName(f.getGenericType()) + " " + f.getName();
    }

    /** Every serialized field of {@code c}, superclass fields first: a field's number is its index + 1. */
    static List<Field> serializedFields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        if (c.getSuperclass() != null && c.getSuperclass() != Object.class) {
            out.addAll(serializedFields(c.getSuperclass()));
        }
        for (Field f : c.getDeclaredFields()) {
            int mod = f.getModifiers();
            if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.isSynthetic()) {
                out.add(f);
            }
        }
        return out;
    }

    /** The message bodies, the messages nested in their fields, and their superclasses, by name. */
    static List<Class<?>> messageClasses() {
        Deque<Class<?>> todo = new ArrayDeque<>();
        for (MessageType t : MessageType.values()) {
            todo.add(t.requestClass());
            todo.add(t.responseClass());
        }
        todo.add(ErrorReply.class);
        Map<String, Class<?>> found = new TreeMap<>();
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            if (c == null || c == Object.class || c.isEnum() || found.putIfAbsent(c.getName(), c) != null) {
                continue;
            }
            todo.add(c.getSuperclass());
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    addNested(f.getGenericType(), todo);
                }
            }
        }
        List<Class<?>> classes = new ArrayList<>(found.values());
        classes.sort(Comparator.comparing(Class::getSimpleName));
        return classes;
    }

    private static void addNested(Type t, Deque<Class<?>> todo) {
        if (t instanceof ParameterizedType p) {
            for (Type arg : p.getActualTypeArguments()) {
                addNested(arg, todo);
            }
        } else if (t instanceof Class<?> c) {
            if (c.isArray()) {
                addNested(c.getComponentType(), todo);
            } else if (!c.isPrimitive() && c.getName().startsWith("io.wfs.")) {
                todo.add(c);
            }
        }
    }
}
