package io.wfs.meta.namespace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Extended attributes of one inode, kept sorted by name so listing and snapshots are
 * canonical. Rare, so a small object per inode that has any is acceptable.
 */
public final class Xattrs {
    /** setxattr flag: fail with EEXIST if the attribute exists (Linux XATTR_CREATE). */
    public static final int CREATE = 1;
    /** setxattr flag: fail with ENODATA if the attribute does not exist (Linux XATTR_REPLACE). */
    public static final int REPLACE = 2;
    public static final int MAX_NAME_BYTES = 255;
    public static final int MAX_VALUE_BYTES = 65536;

    private byte[][] names = new byte[1][];
    private byte[][] values = new byte[1][];
    private int count;

    int count() {
        return count;
    }

    boolean contains(byte[] name) {
        return indexOf(name) >= 0;
    }

    byte[] get(byte[] name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new NamespaceException(NamespaceException.Code.ENODATA, "no such attribute");
        }
        return values[i].clone();
    }

    void set(byte[] name, byte[] value, int flags) {
        if (name.length == 0) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "empty attribute name");
        }
        if (name.length > MAX_NAME_BYTES) {
            throw new NameTooLongException(name.length, MAX_NAME_BYTES);
        }
        if (value.length > MAX_VALUE_BYTES) {
            throw new NamespaceException(NamespaceException.Code.E2BIG, "attribute value of " + value.length + " bytes");
        }
        if ((flags & ~(CREATE | REPLACE)) != 0 || flags == (CREATE | REPLACE)) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "bad setxattr flags " + flags);
        }
        int i = indexOf(name);
        if (i >= 0) {
            if ((flags & CREATE) != 0) {
                throw new NamespaceException(NamespaceException.Code.EEXIST, "attribute exists");
            }
            values[i] = value.clone();
            return;
        }
        if ((flags & REPLACE) != 0) {
            throw new NamespaceException(NamespaceException.Code.ENODATA, "no such attribute");
        }
        insertAt(-i - 1, name.clone(), value.clone());
    }

    void remove(byte[] name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new NamespaceException(NamespaceException.Code.ENODATA, "no such attribute");
        }
        System.arraycopy(names, i + 1, names, i, count - i - 1);
        System.arraycopy(values, i + 1, values, i, count - i - 1);
        count--;
        names[count] = null;
        values[count] = null;
    }

    /** Names in byte order; fresh copies. */
    List<byte[]> list() {
        List<byte[]> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(names[i].clone());
        }
        return out;
    }

    private void insertAt(int i, byte[] name, byte[] value) {
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            values = Arrays.copyOf(values, count * 2);
        }
        System.arraycopy(names, i, names, i + 1, count - i);
        System.arraycopy(values, i, values, i + 1, count - i);
        names[i] = name;
        values[i] = value;
        count++;
    }

    private int indexOf(byte[] name) {
        int low = 0;
        int high = count - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int c = Arrays.compareUnsigned(names[mid], name);
            if (c < 0) {
                low = mid + 1;
            } else if (c > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** An independent copy; names and values are never changed in place, so they are shared. */
    Xattrs copy() {
        Xattrs copy = new Xattrs();
        copy.names = names.clone();
        copy.values = values.clone();
        copy.count = count;
        return copy;
    }

    void writeTo(SnapshotOutput out) throws IOException {
        out.writeVarLong(count);
        for (int i = 0; i < count; i++) {
            out.writeByte(names[i].length);
            out.write(names[i]);
            out.writeVarLong(values[i].length);
            out.write(values[i]);
        }
    }

    static Xattrs readFrom(SnapshotInput in) throws IOException {
        Xattrs x = new Xattrs();
        int count = in.readVarInt(1 << 20);
        for (int i = 0; i < count; i++) {
            byte[] name = new byte[in.readUnsignedByte()];
            in.readFully(name);
            byte[] value = new byte[in.readVarInt(MAX_VALUE_BYTES)];
            in.readFully(value);
            if (x.count > 0 && Arrays.compareUnsigned(x.names[x.count - 1], name) >= 0) {
                throw new IOException("xattr names out of order");
            }
            x.insertAt(x.count, name, value);
        }
        return x;
    }
}
