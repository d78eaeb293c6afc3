package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Answer of lookup, getattr, setattr, create, mknod, mkdir, symlink and link: the inode's attributes. */
public final class AttrReply implements Response {
    private InodeAttr attr;
    private boolean locked;

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
}
