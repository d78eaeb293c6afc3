package io.wfs.common.msg.meta;

/**
 * Cross-group rmdir, step 1, in the group owning {@code ino}: checks it can go (an empty directory) and locks it with the intent (parent, name).
 *
 * <p>An inode request, not an {@link EntryNameRequest}: on the wire {@code ino} is field 2 and the
 * entry (parent, name) fields 3 and 4, where EntryNameRequest puts parent and name at 2 and 3.
 */
public final class LockForRemoveRequest extends InodeRequest<AttrReply> {
    private long parent;
    private byte[] name;
    private boolean directory;

    public LockForRemoveRequest() {
    }

    public LockForRemoveRequest(MetaHeader header, long ino, long parent, byte[] name, boolean directory) {
        super(header, ino);
        this.parent = parent;
        this.name = name;
        this.directory = directory;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    /** True for rmdir (the victim must be an empty directory), false for unlink (it must not be one). */
    public boolean directory() {
        return directory;
    }

    @Override
    public void validate() {
        super.validate();
        MetaNames.check(name, "name");
    }
}
