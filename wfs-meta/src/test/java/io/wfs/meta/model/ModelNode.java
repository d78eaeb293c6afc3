package io.wfs.meta.model;

import io.wfs.common.posix.Posix;
import java.util.TreeMap;

/**
 * One inode of the reference model: plain fields, no packing. A directory holds its entries in
 * {@link #children}; a hard-linked file is the same object under several names.
 */
final class ModelNode {
    final int type;
    int perm;
    int uid;
    int gid;
    int nlink;
    long size;
    /** The directory holding a directory; for other types the directory it was created in or last renamed into. */
    ModelNode parent;
    final TreeMap<String, ModelNode> children;
    final String target;
    final TreeMap<String, String> xattrs = new TreeMap<>();
    /** The inode number the real state machine gave it. */
    long ino;
    boolean live = true;

    ModelNode(int type, int perm, int uid, int gid, String target) {
        this.type = type;
        this.perm = perm;
        this.uid = uid;
        this.gid = gid;
        this.target = target;
        this.children = type == Posix.S_IFDIR ? new TreeMap<>() : null;
        this.nlink = type == Posix.S_IFDIR ? 2 : 1;
    }

    boolean isDir() {
        return type == Posix.S_IFDIR;
    }

    boolean isRegular() {
        return type == Posix.S_IFREG;
    }

    int mode() {
        return type | perm;
    }

    @Override
    public String toString() {
        return "node{ino=" + ino + ", mode=" + Integer.toOctalString(mode()) + ", uid=" + uid + ", gid=" + gid
                + ", nlink=" + nlink + ", size=" + size + "}";
    }
}
