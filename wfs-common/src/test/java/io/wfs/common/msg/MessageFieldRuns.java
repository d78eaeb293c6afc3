package io.wfs.common.msg;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds the runs of fields that two message classes both declare ({@link MessageFieldRunsTest} says
 * what a run is and why some must stay).
 */
final class MessageFieldRuns {
    static final int MIN_RUN = 2;

    private MessageFieldRuns() {
    }

    /** A run: the classes declaring it, its fields, their index in each class, and which declarations repeat which. */
    record Run(Class<?> a, Class<?> b, List<String> fields, int startA, int startB, Set<String> declarations) {
        String key() {
            return a.getSimpleName() + " " + b.getSimpleName() + ": " + String.join(" ", fields);
        }

        /** The number of the run's first field in each class. */
        String numbers() {
            return a.getSimpleName() + "@" + (startA + 1) + ", " + b.getSimpleName() + "@" + (startB + 1);
        }

        /** True when the two classes serialize different fields before the run: sharing it would renumber it. */
        boolean pinned() {
            return !described(WireSamples.serializedFields(a).subList(0, startA))
                    .equals(described(WireSamples.serializedFields(b).subList(0, startB)));
        }
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
                for (Run r : between(classes.get(i), classes.get(j))) {
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
    static List<Run> between(Class<?> a, Class<?> b) {
        List<Field> fa = WireSamples.serializedFields(a);
        List<Field> fb = WireSamples.serializedFields(b);
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
        int startA = WireSamples.serializedFields(a).indexOf(inA.get(0));
        int startB = WireSamples.serializedFields(b).indexOf(inB.get(0));
        Set<String> declarations = new TreeSet<>();
        for (int i = 0; i < inA.size(); i++) {
            String x = inA.get(i).getDeclaringClass().getName() + "." + inA.get(i).getName();
            String y = inB.get(i).getDeclaringClass().getName() + "." + inB.get(i).getName();
            declarations.add(x.compareTo(y) <= 0 ? x + "=" + y : y + "=" + x);
        }
        return a.getSimpleName().compareTo(b.getSimpleName()) <= 0
                ? new Run(a, b, described(inA), startA, startB, declarations)
                : new Run(b, a, described(inA), startB, startA, declarations);
    }

    private static List<String> described(List<Field> fields) {
        return fields.stream().map(MessageFieldRuns::describe).toList();
    }

    private static String describe(Field f) {
        return WireSchemaListing.typeName(f.getGenericType()) + " " + f.getName();
    }

    /** The classes on the wire (not enums) and all their superclasses, by simple name. */
    static List<Class<?>> messageClasses() {
        Set<Class<?>> classes = new TreeSet<>(Comparator.comparing(Class::getName));
        for (Class<?> c : WireSchemaListing.wireClasses()) {
            for (Class<?> k = c; k != null && k != Object.class && !k.isEnum(); k = k.getSuperclass()) {
                classes.add(k);
            }
        }
        List<Class<?>> sorted = new ArrayList<>(classes);
        sorted.sort(Comparator.comparing(Class::getSimpleName));
        return sorted;
    }
}
