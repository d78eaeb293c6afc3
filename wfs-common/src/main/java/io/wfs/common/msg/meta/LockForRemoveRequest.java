package io.wfs.common.msg.meta;

/**
 * Cross-group rmdir, step 1, in the group owning {@code ino}: checks it can go (an empty directory) and locks it with the intent (parent, name).
 * The request goes to the group of {@code ino}, not to the parent's.
 */
public final class LockForRemoveRequest extends EntryNameRequest<AttrReply> implements ActsForClient<AttrReply> {
    private boolean directory;
    private long ino;
    /**
     * The client session whose unlink or rmdir this locks for, 0 for none. The lock's
     * change (its time) does not recall it ({@link #changingSession()}): it forgets the name and the
     * inode when its removal is answered, and an undo, which changes the inode again, recalls it.
     */
    private long onBehalfOf;

    public LockForRemoveRequest() {
    }

    public LockForRemoveRequest(MetaHeader header, long ino, long parent, byte[] name, boolean directory) {
        super(header, parent, name);
        this.directory = directory;
        this.ino = ino;
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

    public long ino() {
        return ino;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    /** The inode it locks (a step between groups; the parent's group takes its own step). */
    @Override
    public long[] namedInodes() {
        return new long[] {ino};
    }

    /** True for rmdir (the victim must be an empty directory), false for unlink (it must not be one). */
    public boolean directory() {
        return directory;
    }
}
