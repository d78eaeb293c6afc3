package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Answer of a mutation that returns nothing but success (unlink, rmdir, rename, xattr changes). */
public final class OkReply implements Response {
    public static final OkReply INSTANCE = new OkReply();
    private boolean ok = true;

    public boolean ok() {
        return ok;
    }
}
