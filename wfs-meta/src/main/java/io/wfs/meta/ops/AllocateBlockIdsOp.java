package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.BlockIdsReply;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;

/**
 * Reserves block ids in the file's slot, encoded like inos, so a store can later ask the owning
 * group whether a block is still referenced. Writers take them in batches. The request names the
 * file written, or its directory (same slot) while the file is one its client created under a
 * delegation and has not sent yet (AsyncCreates): the ids serve any file of the slot.
 */
public final class AllocateBlockIdsOp implements MetaOperation<AllocateBlockIdsRequest, BlockIdsReply> {
    @Override
    public MessageType type() {
        return MessageType.ALLOCATE_BLOCK_IDS;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public BlockIdsReply execute(MetaContext ctx, AllocateBlockIdsRequest req) {
        InodeAttributes named = ctx.attributes(req.ino());
        if (FileType.isDirectory(named.mode())) {
            // For a file its client created there and has not sent yet: who may create in it.
            Permissions.require(named, ctx.caller(), Posix.W_OK | Posix.X_OK);
        } else {
            WritableFile.check(ctx, req.ino());
        }
        try {
            return new BlockIdsReply(ctx.slotOf(req.ino()).allocateIds(req.count()), req.count());
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
    }
}
