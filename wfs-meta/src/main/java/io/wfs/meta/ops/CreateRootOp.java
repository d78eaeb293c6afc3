package io.wfs.meta.ops;

import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.state.InternalCommand;
import java.nio.ByteBuffer;

/**
 * The root directory (0755, owned by root), created by the first leader of the group owning
 * slot 0 ({@code MetaGroupReplica} proposes it when it starts leading a group without a root),
 * stamped with that leader's clock. Body: empty. A second one changes nothing.
 */
public final class CreateRootOp implements InternalOperation {
    @Override
    public short command() {
        return InternalCommand.CREATE_ROOT;
    }

    /** The body of the command. */
    public static byte[] body() {
        return new byte[0];
    }

    @Override
    public Object apply(MetaContext ctx, ByteBuffer body) {
        if (ctx.namespace().owns(0) && !ctx.namespace().contains(InodeNumbers.ROOT)) {
            ctx.namespace().createRoot(0755, 0, 0, ctx.timeNs());
        }
        return Boolean.TRUE;
    }
}
