package io.wfs.common.testing;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Builds message instances with every field set to a random non-default value, and compares
 * messages field by field. Used to prove that every message type survives the codec and the
 * network, including message types added after this class was written.
 */
public final class MessageSamples {
    private MessageSamples() {
    }

    public static <T> T populate(Class<T> c, Random random) {
        try {
            var ctor = c.getDeclaredConstructor();
            ctor.setAccessible(true);
            T instance = ctor.newInstance();
            for (Field f : fields(c)) {
                f.set(instance, value(f.getType(), f.getGenericType(), random, 0));
            }
            return instance;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot populate " + c.getName(), e);
        }
    }

    private static Object value(Class<?> t, Type generic, Random r, int depth) throws ReflectiveOperationException {
        if (t == int.class || t == Integer.class) {
            return r.nextInt(1_000_000) + 1;
        } else if (t == long.class || t == Long.class) {
            return r.nextLong() | 1L;
        } else if (t == short.class || t == Short.class) {
            return (short) (r.nextInt(30_000) + 1);
        } else if (t == byte.class || t == Byte.class) {
            return (byte) (r.nextInt(100) + 1);
        } else if (t == boolean.class || t == Boolean.class) {
            return true;
        } else if (t == double.class || t == Double.class) {
            return r.nextDouble() + 1;
        } else if (t == float.class || t == Float.class) {
            return r.nextFloat() + 1;
        } else if (t == String.class) {
            return "s" + Long.toHexString(r.nextLong());
        } else if (t == byte[].class) {
            byte[] b = new byte[1 + r.nextInt(64)];
            r.nextBytes(b);
            return b;
        } else if (t == long[].class) {
            long[] a = new long[1 + r.nextInt(8)];
            for (int i = 0; i < a.length; i++) {
                a[i] = r.nextLong();
            }
            return a;
        } else if (t == int[].class) {
            int[] a = new int[1 + r.nextInt(8)];
            for (int i = 0; i < a.length; i++) {
                a[i] = r.nextInt();
            }
            return a;
        } else if (t.isArray() && !t.getComponentType().isPrimitive()) {
            Object a = Array.newInstance(t.getComponentType(), 1 + r.nextInt(3));
            for (int i = 0; i < Array.getLength(a); i++) {
                Array.set(a, i, value(t.getComponentType(), t.getComponentType(), r, depth + 1));
            }
            return a;
        } else if (t.isEnum()) {
            Object[] constants = t.getEnumConstants();
            return constants[r.nextInt(constants.length)];
        } else if (List.class.isAssignableFrom(t)) {
            Type element = ((ParameterizedType) generic).getActualTypeArguments()[0];
            Class<?> elementClass = element instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) element;
            List<Object> list = new ArrayList<>();
            for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
                list.add(value(elementClass, element, r, depth + 1));
            }
            return list;
        } else if (depth < 4 && !t.isInterface() && !t.isPrimitive()) {
            return populate(t, r);
        }
        throw new IllegalArgumentException("no sample for field type " + t);
    }

    /** Field-by-field deep equality of two messages of the same class; returns a difference or null. */
    public static String difference(Object a, Object b) {
        if (a == null || b == null) {
            return a == b ? null : "null vs non-null";
        }
        if (a.getClass() != b.getClass()) {
            return a.getClass() + " vs " + b.getClass();
        }
        try {
            for (Field f : fields(a.getClass())) {
                Object x = f.get(a);
                Object y = f.get(b);
                String d = valueDifference(x, y);
                if (d != null) {
                    return a.getClass().getSimpleName() + "." + f.getName() + ": " + d;
                }
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return null;
    }

    private static String valueDifference(Object x, Object y) {
        if (x == null || y == null) {
            return x == y ? null : x + " vs " + y;
        }
        if (x.getClass().isArray()) {
            int n = Array.getLength(x);
            if (n != Array.getLength(y)) {
                return "array lengths " + n + " vs " + Array.getLength(y);
            }
            boolean same;
            if (x instanceof byte[] bx) {
                same = Arrays.equals(bx, (byte[]) y);
            } else if (x instanceof long[] lx) {
                same = Arrays.equals(lx, (long[]) y);
            } else if (x instanceof int[] ix) {
                same = Arrays.equals(ix, (int[]) y);
            } else {
                same = true;
                for (int i = 0; i < n && same; i++) {
                    same = valueDifference(Array.get(x, i), Array.get(y, i)) == null;
                }
            }
            return same ? null : "array contents differ";
        }
        if (x instanceof List<?> lx) {
            List<?> ly = (List<?>) y;
            if (lx.size() != ly.size()) {
                return "list sizes " + lx.size() + " vs " + ly.size();
            }
            for (int i = 0; i < lx.size(); i++) {
                String d = valueDifference(lx.get(i), ly.get(i));
                if (d != null) {
                    return "[" + i + "] " + d;
                }
            }
            return null;
        }
        if (x.getClass().getName().startsWith("io.wfs.")) {
            return x.getClass().isEnum() ? (x == y ? null : x + " vs " + y) : difference(x, y);
        }
        return Objects.equals(x, y) ? null : x + " vs " + y;
    }

    private static List<Field> fields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers())) {
                    f.setAccessible(true);
                    out.add(f);
                }
            }
        }
        return out;
    }
}
