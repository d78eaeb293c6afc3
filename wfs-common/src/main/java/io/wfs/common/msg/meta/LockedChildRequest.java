package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * The shape of a cross-group step 2 proposed in the parent's group only: the entry (parent, name)
 * to or of the {@code child} that step 1 locked at {@code lockTimeNs}; refused once the lock is old.
 */
public abstract class LockedChildRequest<R extends Response> extends EntryNameRequest<R> {
    private long child;
    private long lockTimeNs;

    protected LockedChildRequest() {
    }

    protected LockedChildRequest(MetaHeader header, long parent, byte[] name, long child, long lockTimeNs) {
        super(header, parent, name);
        this.child = child;
        this.lockTimeNs = lockTimeNs;
    }

    public long child() {
        return child;
    }

    public long lockTimeNs() {
        return lockTimeNs;
    }
}
