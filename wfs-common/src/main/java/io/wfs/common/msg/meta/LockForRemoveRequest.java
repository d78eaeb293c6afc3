package io.wfs.common.msg.meta;

/** Cross-group rmdir, step 1, in the group owning {@code ino}: checks it can go (an empty directory) and locks it with the intent (parent, name). */
public final class LockForRemoveRequest extends EntryNameRequest<AttrReply> {
    private long ino;
    private boolean directory;

    public LockForRemoveRequest() {
    }

    public LockForRemoveRequest(MetaHeader header, long ino, long parent, byte[] name, boolean directory) {
        super(header, parent, name);
        this.ino = ino;
        this.directory = directory;
    }

    public long ino() {
        return ino;
    }

    /** True for rmdir (the victim must be an empty directory), false for unlink (it must not be one). */
    public boolean directory() {
        return directory;
    }

    /** Routed by the inode to lock, not by the parent. */
    @Override
    public long routingIno() {
        return ino;
    }
}
