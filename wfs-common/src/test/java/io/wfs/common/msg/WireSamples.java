package io.wfs.common.msg;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds a message with a deterministic, non-default value in every serialized field (nested
 * messages, lists and arrays included), and compares two messages field by field. The values come
 * from one counter, so every field of a class gets a different value and a field read into the
 * wrong place shows; they are never 0, empty or false, so protostuff writes every one of them.
 */
final class WireSamples {
    private static final int LIST_LENGTH = 2;
    private int counter;

    /** A sample of {@code c}; the same class always gives the same sample. */
    static <T> T sample(Class<T> c) {
        return new WireSamples().fill(c);
    }

    private <T> T fill(Class<T> c) {
        try {
            T message = c.getDeclaredConstructor().newInstance();
            for (Field f : serializedFields(c)) {
                Object value = value(f.getGenericType(), f.getType(), c.getName() + "." + f.getName());
                if (value instanceof Boolean && value.equals(f.get(message))) {
                    value = !(Boolean) value; // a field initialised to true (OkReply.ok) gets false
                }
                f.set(message, value);
            }
            return message;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build a sample of " + c.getName()
                    + " (it needs a no-argument constructor, as protostuff does)", e);
        }
    }

    private Object value(Type generic, Class<?> raw, String where) {
        int n = ++counter;
        if (raw == int.class || raw == Integer.class) {
            return 100 + n;
        } else if (raw == long.class || raw == Long.class) {
            return (1L << 33) + n; // more than four varint bytes
        } else if (raw == boolean.class || raw == Boolean.class) {
            return true;
        } else if (raw == short.class || raw == Short.class) {
            return (short) (10 + n);
        } else if (raw == byte.class || raw == Byte.class) {
            return (byte) (10 + n);
        } else if (raw == double.class || raw == Double.class) {
            return n + 0.5;
        } else if (raw == float.class || raw == Float.class) {
            return n + 0.25f;
        } else if (raw == String.class) {
            return "s" + n;
        } else if (raw == byte[].class) {
            return ("b" + n).getBytes(StandardCharsets.US_ASCII);
        } else if (raw.isArray()) {
            Object array = Array.newInstance(raw.getComponentType(), LIST_LENGTH);
            for (int i = 0; i < LIST_LENGTH; i++) {
                Array.set(array, i, value(raw.getComponentType(), raw.getComponentType(), where + "[" + i + "]"));
            }
            return array;
        } else if (List.class.isAssignableFrom(raw) && generic instanceof ParameterizedType p
                && p.getActualTypeArguments()[0] instanceof Class<?> element) {
            List<Object> list = new ArrayList<>();
            for (int i = 0; i < LIST_LENGTH; i++) {
                list.add(value(element, element, where + "[" + i + "]"));
            }
            return list;
        } else if (raw.isEnum()) {
            Object[] constants = raw.getEnumConstants();
            return constants[constants.length == 1 ? 0 : 1 + n % (constants.length - 1)];
        } else if (!raw.isInterface() && !Modifier.isAbstract(raw.getModifiers()) && !raw.getName().startsWith("java.")) {
            return fill(raw);
        }
        throw new IllegalStateException(where + ": no sample value for type " + generic.getTypeName()
                + "; teach WireSamples this type");
    }

    /** The fields protostuff's RuntimeSchema serializes, superclass fields first, in declaration order. */
    static List<Field> serializedFields(Class<?> c) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            chain.add(0, k);
        }
        List<Field> fields = new ArrayList<>();
        for (Class<?> k : chain) {
            for (Field f : k.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.isSynthetic()) {
                    f.setAccessible(true);
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    /** The first difference between two messages of one class, as "path: expected X, was Y"; null when equal. */
    static String difference(Object expected, Object actual, String path) {
        if (expected == null || actual == null) {
            return expected == actual ? null : path + ": expected " + expected + ", was " + actual;
        }
        Class<?> c = expected.getClass();
        if (c != actual.getClass()) {
            return path + ": expected a " + c.getName() + ", was a " + actual.getClass().getName();
        }
        if (c.isArray()) {
            int length = Array.getLength(expected);
            if (length != Array.getLength(actual)) {
                return path + ": expected " + length + " elements, was " + Array.getLength(actual);
            }
            for (int i = 0; i < length; i++) {
                String d = difference(Array.get(expected, i), Array.get(actual, i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (expected instanceof List<?> e && actual instanceof List<?> a) {
            if (e.size() != a.size()) {
                return path + ": expected " + e.size() + " elements, was " + a.size();
            }
            for (int i = 0; i < e.size(); i++) {
                String d = difference(e.get(i), a.get(i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (c.isEnum() || c.isPrimitive() || c.getName().startsWith("java.")) {
            return Objects.equals(expected, actual) ? null : path + ": expected " + expected + ", was " + actual;
        }
        try {
            for (Field f : serializedFields(c)) {
                String d = difference(f.get(expected), f.get(actual), path + "." + f.getName());
                if (d != null) {
                    return d;
                }
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return null;
    }
}
