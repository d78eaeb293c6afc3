package io.wfs.common.msg;

import io.protostuff.Exclude;
import io.protostuff.Schema;
import io.protostuff.Tag;
import io.protostuff.runtime.RuntimeSchema;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The wire format of every message as protostuff's {@link RuntimeSchema} sees it: one line a
 * serialized field, {@code Class number name javaType wireType}, for every request and response
 * class of {@link MessageType}, {@link ErrorReply}, and every class reached through their fields
 * (nested messages, list and array elements). Enums list their constants with the ordinal
 * protostuff writes. Class names drop the {@code io.wfs.common.} prefix; Java types drop their
 * packages.
 */
final class WireSchemaListing {
    private static final String PREFIX = "io.wfs.common.";

    private WireSchemaListing() {
    }

    /** One serialized field (or enum constant), as listed in the golden file. */
    record Line(String className, int number, String name, String javaType, String wireType) {
        static Line parse(String text) {
            String[] p = text.trim().split("\\s+");
            if (p.length != 5) {
                throw new IllegalArgumentException("not a wire-schema line (Class number name javaType wireType): " + text);
            }
            return new Line(p[0], Integer.parseInt(p[1]), p[2], p[3], p[4]);
        }

        @Override
        public String toString() {
            return className + " " + number + " " + name + " " + javaType + " " + wireType;
        }
    }

    /** Every message class's serialized fields, sorted by class name, then field number. */
    static List<Line> current() {
        List<Line> lines = new ArrayList<>();
        for (Class<?> c : wireClasses()) {
            if (c.isEnum()) {
                for (Object constant : c.getEnumConstants()) {
                    Enum<?> e = (Enum<?>) constant;
                    lines.add(new Line(className(c), e.ordinal(), e.name(), "constant", "ENUM"));
                }
                continue;
            }
            Schema<?> schema = RuntimeSchema.getSchema(c);
            if (!(schema instanceof RuntimeSchema<?> runtime)) {
                throw new IllegalStateException(c.getName() + " has a registered custom schema; list its fields by hand");
            }
            Map<String, Field> javaFields = serializedJavaFields(c);
            for (io.protostuff.runtime.Field<?> f : runtime.getFields()) {
                Field jf = javaFields.get(f.name);
                if (jf == null) {
                    throw new IllegalStateException(c.getName() + ": no Java field behind wire field " + f.name);
                }
                lines.add(new Line(className(c), f.number, f.name, typeName(jf.getGenericType()),
                        f.type + (f.repeated ? "[]" : "")));
            }
        }
        lines.sort(Comparator.comparing(Line::className).thenComparingInt(Line::number));
        return lines;
    }

    /**
     * The classes on the wire: the request and response classes of {@link MessageType}, {@link ErrorReply},
     * and every message or enum reached through their fields (nested messages, list and array elements).
     */
    static List<Class<?>> wireClasses() {
        Deque<Class<?>> todo = new ArrayDeque<>();
        for (MessageType t : MessageType.values()) {
            todo.add(t.requestClass());
            todo.add(t.responseClass());
        }
        todo.add(ErrorReply.class);
        Set<Class<?>> seen = new LinkedHashSet<>();
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            if (seen.add(c) && !c.isEnum()) {
                for (Field f : serializedJavaFields(c).values()) {
                    addMessageTypes(f.getGenericType(), todo);
                }
            }
        }
        return new ArrayList<>(seen);
    }

    static String className(Class<?> c) {
        String n = c.getName();
        return n.startsWith(PREFIX) ? n.substring(PREFIX.length()) : n;
    }

    /** The fields RuntimeSchema serializes, by their wire name (a {@link Tag#alias} or the Java name). */
    private static Map<String, Field> serializedJavaFields(Class<?> c) {
        Map<String, Field> byName = new HashMap<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (Modifier.isStatic(mod) || Modifier.isTransient(mod) || f.isAnnotationPresent(Exclude.class)) {
                    continue;
                }
                Tag tag = f.getAnnotation(Tag.class);
                String name = tag != null && !tag.alias().isEmpty() ? tag.alias() : f.getName();
                byName.putIfAbsent(name, f); // a subclass field hides its superclass's namesake, as in RuntimeSchema
            }
        }
        return byName;
    }

    /** Queues the classes a field of type {@code t} carries as nested messages or enums. */
    private static void addMessageTypes(Type t, Deque<Class<?>> todo) {
        if (t instanceof ParameterizedType p) {
            for (Type a : p.getActualTypeArguments()) {
                addMessageTypes(a, todo);
            }
        } else if (t instanceof GenericArrayType g) {
            addMessageTypes(g.getGenericComponentType(), todo);
        } else if (t instanceof WildcardType w) {
            for (Type u : w.getUpperBounds()) {
                addMessageTypes(u, todo);
            }
        } else if (t instanceof Class<?> c) {
            if (c.isArray()) {
                addMessageTypes(c.getComponentType(), todo);
            } else if (c.isEnum()) {
                todo.add(c);
            } else if (!c.isPrimitive() && !c.getName().startsWith("java.") && !c.isInterface()
                    && !Modifier.isAbstract(c.getModifiers())) {
                todo.add(c);
            }
        }
    }

    /** A Java type without package names: {@code List<SliceInfo>}, {@code byte[]}, {@code MetaHeader}. */
    static String typeName(Type t) {
        return t.getTypeName().replaceAll("\\b(?:[a-z_][a-z0-9_]*\\.)+", "").replace(" ", "");
    }
}
