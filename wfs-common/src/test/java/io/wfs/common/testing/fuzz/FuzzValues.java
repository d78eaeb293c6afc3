package io.wfs.common.testing.fuzz;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Builds a message of any class with hostile field values: boundary numbers (0, -1, the extremes,
 * powers of two), missing fields, empty and very long strings and arrays, long lists, NaN. Unlike
 * the test samples, nothing here is meant to be valid: it is what a buggy or malicious peer sends.
 */
public final class FuzzValues {
    private static final long[] EDGE_LONGS = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MAX_VALUE,
            Integer.MIN_VALUE, 1L << 31, 1L << 32, 1L << 62, 4096, 65536, 1L << 20};
    private static final int[] LENGTHS = {0, 1, 2, 255, 256, 4096, 65_536};
    private static final int MAX_DEPTH = 4;

    private FuzzValues() {
    }

    public static <T> T message(Class<T> c, Random r) {
        return message(c, r, 0);
    }

    /**
     * {@code message} with one of its fields (its own or a superclass's) given a hostile value: a
     * request that is valid but for one field gets past the checks that look at the others.
     */
    public static <T> T withOneHostileField(T message, Random r) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> k = message.getClass(); k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers())) {
                    fields.add(f);
                }
            }
        }
        if (fields.isEmpty()) {
            return message;
        }
        Field f = fields.get(r.nextInt(fields.size()));
        try {
            f.setAccessible(true);
            f.set(message, value(f.getType(), f.getGenericType(), r, 0));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return message;
    }

    private static <T> T message(Class<T> c, Random r, int depth) {
        try {
            var ctor = c.getDeclaredConstructor();
            ctor.setAccessible(true);
            T instance = ctor.newInstance();
            for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers())) {
                        f.setAccessible(true);
                        f.set(instance, value(f.getType(), f.getGenericType(), r, depth));
                    }
                }
            }
            return instance;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + c.getName(), e);
        }
    }

    private static Object value(Class<?> t, Type generic, Random r, int depth) {
        if (t.isPrimitive()) {
            return primitive(t, r);
        }
        if (r.nextInt(10) == 0) {
            return null;
        }
        if (t == Integer.class || t == Long.class || t == Short.class || t == Byte.class || t == Boolean.class
                || t == Double.class || t == Float.class) {
            return primitive(unboxed(t), r);
        } else if (t == String.class) {
            return new String(bytes(r), StandardCharsets.ISO_8859_1);
        } else if (t == byte[].class) {
            return bytes(r);
        } else if (t.isEnum()) {
            Object[] constants = t.getEnumConstants();
            return constants[r.nextInt(constants.length)];
        } else if (t.isArray()) {
            int n = length(r, depth == 0 && isLeaf(t.getComponentType()));
            Object a = Array.newInstance(t.getComponentType(), n);
            for (int i = 0; i < n; i++) {
                Array.set(a, i, value(t.getComponentType(), t.getComponentType(), r, depth + 1));
            }
            return a;
        } else if (List.class.isAssignableFrom(t) && generic instanceof ParameterizedType p) {
            Type element = p.getActualTypeArguments()[0];
            Class<?> raw = element instanceof ParameterizedType pe ? (Class<?>) pe.getRawType() : (Class<?>) element;
            List<Object> list = new ArrayList<>();
            for (int i = 0, n = length(r, depth == 0 && isLeaf(raw)); i < n; i++) {
                list.add(value(raw, element, r, depth + 1));
            }
            return list;
        } else if (depth < MAX_DEPTH && !t.isInterface() && !Modifier.isAbstract(t.getModifiers())) {
            return message(t, r, depth + 1);
        }
        return null;
    }

    private static Object primitive(Class<?> t, Random r) {
        long v = r.nextBoolean() ? EDGE_LONGS[r.nextInt(EDGE_LONGS.length)] : r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(1000);
        if (t == long.class) {
            return v;
        } else if (t == int.class) {
            return (int) v;
        } else if (t == short.class) {
            return (short) v;
        } else if (t == byte.class) {
            return (byte) v;
        } else if (t == boolean.class) {
            return r.nextBoolean();
        } else if (t == double.class) {
            return r.nextBoolean() ? Double.NaN : (double) v;
        } else if (t == float.class) {
            return r.nextBoolean() ? Float.NEGATIVE_INFINITY : (float) v;
        } else if (t == char.class) {
            return (char) v;
        }
        throw new IllegalArgumentException("no value for " + t);
    }

    private static Class<?> unboxed(Class<?> boxed) {
        try {
            return (Class<?>) boxed.getField("TYPE").get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Mostly short, sometimes empty or long; contents random or full of path characters and zeros. */
    private static byte[] bytes(Random r) {
        byte[] b = new byte[r.nextBoolean() ? r.nextInt(32) : LENGTHS[r.nextInt(LENGTHS.length)]];
        if (r.nextBoolean()) {
            r.nextBytes(b);
        } else {
            byte[] alphabet = {'/', '.', 0, 'a', (byte) 0xff};
            for (int i = 0; i < b.length; i++) {
                b[i] = alphabet[r.nextInt(alphabet.length)];
            }
        }
        return b;
    }

    /**
     * Collection sizes: mostly small; a top-level collection of plain values is now and then large
     * enough to cost a handler real work (never one of nested messages: their sizes would multiply).
     */
    private static int length(Random r, boolean mayBeLarge) {
        int pick = r.nextInt(20);
        return pick == 0 && mayBeLarge ? 1000 + r.nextInt(9000) : pick < 4 ? 0 : r.nextInt(8);
    }

    private static boolean isLeaf(Class<?> t) {
        return t.isPrimitive() || t == String.class || t == byte[].class || t.getName().startsWith("java.lang.");
    }
}
