package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Answer of lookup, getattr, setattr, create, mknod, mkdir, symlink and link: the inode's attributes. */
public final class AttrReply implements Response {
    private InodeAttr attr;
    private boolean locked;
    /** Appended: the leader leased what this answer may be cached as (see {@link #leased()}). */
    private boolean leased;
    /**
     * Appended: the directory whose entries the change touched, after it (mkdir, mknod, symlink and
     * link applied in one group), so the client answers the kernel's next stat of it without
     * asking; null otherwise. Leased with the answer: its key is the answer's directory key.
     */
    private InodeAttr dir;

    public AttrReply() {
    }

    public AttrReply(InodeAttr attr) {
        this.attr = attr;
    }

    public AttrReply(InodeAttr attr, boolean locked) {
        this.attr = attr;
        this.locked = locked;
    }

    /** This answer with {@code dir}, the changed directory's attributes ({@link #dir()}). */
    public AttrReply withDirectory(InodeAttr dir) {
        this.dir = dir;
        return this;
    }

    /** The directory the change touched, after it; null when not sent. */
    public InodeAttr dir() {
        return dir;
    }

    public InodeAttr attr() {
        return attr;
    }

    /**
     * Whether a cross-group operation holds the inode (getattr only). A cross-group rename walking
     * a directory's ancestors waits for such an inode: its parent pointer may be about to change.
     */
    public boolean locked() {
        return locked;
    }

    /**
     * True when the group's leader registered a cache lease for the asking session on the keys
     * this answer may be cached under (its directory's entry, the inode's attributes): the client
     * may then serve it from its cache until the leader invalidates it or the lease lapses.
     */
    public boolean leased() {
        return leased;
    }

    /** This answer, leased (a copy: the recorded result of a mutation stays as every replica has it). */
    public AttrReply withLease() {
        AttrReply copy = new AttrReply(attr, locked);
        copy.leased = true;
        copy.dir = dir;
        return copy;
    }
}
