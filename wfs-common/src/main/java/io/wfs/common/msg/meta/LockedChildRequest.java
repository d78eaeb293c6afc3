package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * The shape of a cross-group step 2 proposed in the parent's group only: the entry (parent, name)
 * to or of the {@code child} that step 1 locked at {@link #lockTimeNs()}; refused once the lock is old.
 *
 * <p>{@code lockTimeNs} is declared by each subclass: it is field 6, after a field 5 of the
 * subclass's own (childMode, childUid), and a base-class field would take number 5.
 */
public abstract class LockedChildRequest<R extends Response> extends EntryNameRequest<R> {
    private long child;

    protected LockedChildRequest() {
    }

    protected LockedChildRequest(MetaHeader header, long parent, byte[] name, long child) {
        super(header, parent, name);
        this.child = child;
    }

    public long child() {
        return child;
    }

    /** When step 1 locked the child. */
    public abstract long lockTimeNs();
}
