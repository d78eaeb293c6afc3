package io.wfs.meta.state;

/** Commands a group's leader proposes for itself (negative ids, never sent by clients). */
public final class InternalCommand {
    /** Create the root directory (group owning slot 0, first leader); body: empty. */
    public static final short CREATE_ROOT = -1;
    /** Forget sessions idle since before the command's time minus the lease; body: long leaseNs. */
    public static final short EXPIRE_SESSIONS = -2;
    /** Blocks the stores have deleted leave the deletion queue; body: long count, then the ids. */
    public static final short ACK_DELETIONS = -3;
    /** Orphans no session holds open are deleted; body: int count, then the inode numbers. */
    public static final short RELEASE_ORPHANS = -4;
    /** Client-cache leases are granted from now on: a later leader waits them out; body: empty. */
    public static final short LEASES_GRANTED = -5;

    private InternalCommand() {
    }
}
