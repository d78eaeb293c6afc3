package io.wfs.meta.namespace;

import java.util.List;

/**
 * The extended attributes of one slot's inodes (Linux semantics, see {@link Xattrs}); the
 * HAS_XATTRS flag makes the common "none" answer a flag test. A view: obtain it through
 * {@link SlotState#xattrs()}.
 */
public final class SlotXattrs {
    private final SlotState state;

    SlotXattrs(SlotState state) {
        this.state = state;
    }

    /** setxattr; flags 0, {@link Xattrs#CREATE} or {@link Xattrs#REPLACE}. */
    public void set(long ino, byte[] name, byte[] value, int flags) {
        int pos = state.position(ino);
        long seq = InodeNumbers.seqOf(ino);
        Xattrs set = state.extras.xattrs(seq);
        if (set == null) {
            Xattrs fresh = new Xattrs();
            fresh.set(name, value, flags);
            state.extras.setXattrs(seq, fresh);
            state.table.setFlags(pos, state.table.flags(pos) | InodeFlags.HAS_XATTRS);
        } else {
            set.set(name, value, flags);
        }
    }

    /** The value (a copy); ENODATA if absent. */
    public byte[] get(long ino, byte[] name) {
        Xattrs set = ofOrNull(ino);
        if (set == null) {
            throw new NamespaceException(NamespaceException.Code.ENODATA, "no such attribute");
        }
        return set.get(name);
    }

    /** Whether {@code ino} carries attribute {@code name}: a flag test for the many inodes with none. */
    public boolean has(long ino, byte[] name) {
        Xattrs set = ofOrNull(ino);
        return set != null && set.contains(name);
    }

    public List<byte[]> list(long ino) {
        Xattrs set = ofOrNull(ino);
        return set == null ? List.of() : set.list();
    }

    public void remove(long ino, byte[] name) {
        Xattrs set = ofOrNull(ino);
        if (set == null) {
            throw new NamespaceException(NamespaceException.Code.ENODATA, "no such attribute");
        }
        set.remove(name);
        if (set.count() == 0) {
            int pos = state.position(ino);
            state.extras.removeXattrs(InodeNumbers.seqOf(ino));
            state.table.setFlags(pos, state.table.flags(pos) & ~InodeFlags.HAS_XATTRS);
        }
    }

    private Xattrs ofOrNull(long ino) {
        int pos = state.position(ino);
        return (state.table.flags(pos) & InodeFlags.HAS_XATTRS) == 0 ? null : state.extras.xattrs(InodeNumbers.seqOf(ino));
    }
}
