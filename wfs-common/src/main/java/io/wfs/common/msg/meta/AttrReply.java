package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Answer of lookup, getattr, setattr, create, mknod, mkdir, symlink and link: the inode's attributes. */
public final class AttrReply implements Response {
    private InodeAttr attr;
    private boolean locked;
    /** Appended: the leader leased what this answer may be cached as (see {@link #leased()}). */
    private boolean leased;

    public AttrReply() {
    }

    public AttrReply(InodeAttr attr) {
        this.attr = attr;
    }

    public AttrReply(InodeAttr attr, boolean locked) {
        this.attr = attr;
        this.locked = locked;
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
        return copy;
    }
}
