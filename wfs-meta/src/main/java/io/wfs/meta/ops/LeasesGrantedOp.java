package io.wfs.meta.ops;

import io.wfs.meta.state.InternalCommand;
import java.nio.ByteBuffer;

/**
 * A leader is about to grant its first client-cache lease: from this entry on, every later leader
 * of the group waits out the leases it cannot know before it answers a mutation
 * (docs/metadata.md, "Client caches with leases"). Body: empty. Proposed by
 * {@link CacheLeasePollOp} when the group has no mark yet; a second one changes nothing.
 */
public final class LeasesGrantedOp implements InternalOperation {
    @Override
    public short command() {
        return InternalCommand.LEASES_GRANTED;
    }

    public static byte[] body() {
        return new byte[0];
    }

    @Override
    public Object apply(MetaContext ctx, ByteBuffer body) {
        ctx.leaseMark().set();
        return Boolean.TRUE;
    }
}
