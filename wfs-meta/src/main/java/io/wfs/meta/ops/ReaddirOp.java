package io.wfs.meta.ops;

import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.DirectoryEntries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A page of a directory. Cookies are entry positions that never move, so an entry present for
 * the whole listing is returned exactly once however the directory changes meanwhile. "." and
 * ".." are not stored; the client adds them.
 */
public final class ReaddirOp implements MetaOperation<ReaddirRequest, ReaddirReply> {
    @Override
    public MessageType type() {
        return MessageType.READDIR;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public ReaddirReply execute(MetaContext ctx, ReaddirRequest req) {
        Permissions.require(ctx.directory(req.dir()), ctx.caller(), Posix.R_OK);
        DirectoryEntries entries = ctx.slotOf(req.dir()).directoryToRead(req.dir());
        List<DirEntry> page = new ArrayList<>(Math.min(req.maxEntries(), 256));
        long next = entries.readdir(req.cookie(), req.maxEntries(), (nextCookie, names, off, len, child, type) -> {
            byte[] name = Arrays.copyOfRange(names, off, off + len);
            page.add(new DirEntry(name, child, type, req.plus() ? ctx.wireOrStub(child, type) : null, nextCookie));
            return true;
        });
        boolean eof = next == DirectoryEntries.END;
        return new ReaddirReply(page, eof ? 0 : next, eof);
    }

    @Override
    public void leaseKeys(ReaddirRequest req, ReaddirReply reply, java.util.function.LongConsumer keys) {
        keys.accept(req.dir());
        for (io.wfs.common.msg.meta.DirEntry e : reply.entries()) {
            io.wfs.meta.lease.LeaseKeys.ofAttr(e.attr(), keys);
        }
    }

    @Override
    public ReaddirReply withLease(ReaddirReply reply) {
        return reply.withLease();
    }
}
