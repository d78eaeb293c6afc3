package io.wfs.common.msg.meta;

/**
 * Cross-group rmdir, step 1, in the group owning {@code ino}: checks it can go (an empty directory) and locks it with the intent (parent, name).
 *
 * <p>An inode request, not an {@link EntryNameRequest}: on the wire {@code ino} is field 2 and the
 * entry (parent, name) fields 3 and 4, where EntryNameRequest puts parent and name at 2 and 3.
 */
public final class LockForRemoveRequest extends InodeRequest<AttrReply> implements ActsForClient<AttrReply> {
    private long parent;
    private byte[] name;
    private boolean directory;
    /**
     * Appended: the client session whose unlink or rmdir this locks for, 0 for none. The lock's
     * change (its time) does not recall it ({@link #changingSession()}): it forgets the name and the
     * inode when its removal is answered, and an undo, which changes the inode again, recalls it.
     */
    private long onBehalfOf;

    public LockForRemoveRequest() {
    }

    public LockForRemoveRequest(MetaHeader header, long ino, long parent, byte[] name, boolean directory) {
        super(header, ino);
        this.parent = parent;
        this.name = name;
        this.directory = directory;
    }

    /** This step, locking for the removal client session {@code session} asked for. */
    public LockForRemoveRequest onBehalfOf(long session) {
        this.onBehalfOf = session;
        return this;
    }

    @Override
    public long onBehalfOf() {
        return onBehalfOf;
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
