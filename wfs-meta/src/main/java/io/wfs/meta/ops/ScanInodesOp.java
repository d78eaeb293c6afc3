package io.wfs.meta.ops;

import io.wfs.common.msg.meta.ScanInodesReply;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SlotScan;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * {@code wfs fsck}'s scan: a page of a slot's inodes with their link counts, parents, lock and
 * orphan state, and the entries of its directories (docs/reliability.md). A read on the leader,
 * for root only: it lists every name of the slot regardless of permissions.
 */
public final class ScanInodesOp implements MetaOperation<ScanInodesRequest, ScanInodesReply> {
    @Override
    public MessageType type() {
        return MessageType.SCAN_INODES;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public boolean answersInMicroseconds() {
        return false;
    }

    @Override
    public ScanInodesReply execute(MetaContext ctx, ScanInodesRequest req) {
        if (ctx.caller().uid() != 0) {
            throw new io.wfs.common.error.WfsException(io.wfs.common.error.WfsErrorCode.EPERM,
                    "scanning inodes needs root");
        }
        Page page = new Page(ctx);
        SlotScan.Resume next = SlotScan.page(ctx.slotOf(req.routingIno()), req.fromPosition(), req.fromCookie(),
                req.maxInodes(), req.maxEntries(), page);
        return new ScanInodesReply(page.inos.toLongArray(), page.modes.toIntArray(), page.nlinks.toIntArray(),
                page.parents.toLongArray(), page.sizes.toLongArray(), page.states.toIntArray(),
                page.intentTimes.toLongArray(), page.entryDirs.toLongArray(), page.entryInos.toLongArray(),
                page.entryTypes.toIntArray(), next.position(), next.cookie(), ctx.timeNs());
    }

    /** Collects a page into primitive lists. */
    private static final class Page implements SlotScan.Sink {
        private final MetaContext ctx;
        final LongArrayList inos = new LongArrayList();
        final IntArrayList modes = new IntArrayList();
        final IntArrayList nlinks = new IntArrayList();
        final LongArrayList parents = new LongArrayList();
        final LongArrayList sizes = new LongArrayList();
        final IntArrayList states = new IntArrayList();
        final LongArrayList intentTimes = new LongArrayList();
        final LongArrayList entryDirs = new LongArrayList();
        final LongArrayList entryInos = new LongArrayList();
        final IntArrayList entryTypes = new IntArrayList();

        Page(MetaContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void inode(long ino, InodeAttributes a) {
            inos.add(ino);
            modes.add(a.mode());
            nlinks.add(a.nlink());
            parents.add(a.parent());
            sizes.add(a.size());
            int state = a.locked() ? ScanInodesReply.LOCKED : 0;
            if (ctx.clients().openFiles().isOrphan(ino)) {
                state |= ScanInodesReply.ORPHAN;
            }
            if (ctx.leaderOpens().isOpen(ino)) {
                state |= ScanInodesReply.HELD_OPEN;
            } else if (!ctx.leaderOpens().heldByNobody(ino, ctx.timeNs())) {
                state |= ScanInodesReply.RELEASE_WAITS;
            }
            states.add(state);
            LockIntents.Intent intent = ctx.intents().get(ino);
            intentTimes.add(intent == null ? 0 : Math.max(1, intent.lockTimeNs()));
        }

        @Override
        public void entry(long dir, long child, int typeCode) {
            entryDirs.add(dir);
            entryInos.add(child);
            entryTypes.add(typeCode);
        }
    }
}
