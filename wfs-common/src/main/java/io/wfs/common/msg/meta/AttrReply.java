package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Answer of lookup, getattr, setattr, create, mknod, mkdir, symlink and link: the inode's attributes. */
public final class AttrReply implements Response {
    private InodeAttr attr;

    public AttrReply() {
    }

    public AttrReply(InodeAttr attr) {
        this.attr = attr;
    }

    public InodeAttr attr() {
        return attr;
    }
}
