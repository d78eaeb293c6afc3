package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Answer of a mutation that returns nothing but success (unlink, rmdir, rename, xattr changes). */
public final class OkReply implements Response {
    public static final OkReply INSTANCE = new OkReply();
    private boolean ok = true;
    /**
     * Appended: the directory an unlink or rmdir applied in one group changed, after it, so the
     * client answers the kernel's next stat of it without asking; null otherwise.
     */
    private InodeAttr dir;
    /** Appended: the leader leased {@link #dir()} to the asking session (as {@link AttrReply#leased()}). */
    private boolean leased;

    public boolean ok() {
        return ok;
    }

    /** Success, with the attributes of the directory the change touched. */
    public static OkReply changed(InodeAttr dir) {
        OkReply r = new OkReply();
        r.dir = dir;
        return r;
    }

    /** The directory the change touched, after it; null when not sent. */
    public InodeAttr dir() {
        return dir;
    }

    public boolean leased() {
        return leased;
    }

    /** This answer, leased (a copy: the recorded result stays as every replica has it). */
    public OkReply withLease() {
        OkReply copy = changed(dir);
        copy.leased = true;
        return copy;
    }
}
