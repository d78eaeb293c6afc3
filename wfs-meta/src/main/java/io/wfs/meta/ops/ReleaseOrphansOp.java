package io.wfs.meta.ops;

import io.wfs.meta.state.InternalCommand;
import it.unimi.dsi.fastutil.longs.LongList;
import java.nio.ByteBuffer;

/**
 * Deletes orphans (files whose last name went while open) that no session holds open any more,
 * with their blocks. The leader decides which (it alone knows the opens,
 * {@link io.wfs.meta.session.LeaderOpens}) and proposes them in batches; every replica deletes
 * the same ones. Body: {@code int count}, then the inode numbers. Answers the number deleted.
 */
public final class ReleaseOrphansOp implements InternalOperation {
    /** Orphans per entry: 64 KiB of body. */
    public static final int MAX_PER_ENTRY = 8192;

    @Override
    public short command() {
        return InternalCommand.RELEASE_ORPHANS;
    }

    /** The body of the command. */
    public static byte[] body(LongList inos) {
        ByteBuffer b = ByteBuffer.allocate(4 + 8 * inos.size()).putInt(inos.size());
        for (int i = 0; i < inos.size(); i++) {
            b.putLong(inos.getLong(i));
        }
        return b.array();
    }

    @Override
    public Object apply(MetaContext ctx, ByteBuffer body) {
        int released = 0;
        for (int n = body.getInt(), i = 0; i < n; i++) {
            long ino = body.getLong();
            // A name given to an orphan is refused (LinkOp.requireNamed); the nlink check keeps a file
            // that has one from a log written before that rule.
            if (ctx.clients().openFiles().release(ino) && ctx.namespace().contains(ino)
                    && ctx.namespace().slotOf(ino).nlink(ino) == 0) {
                ctx.namespace().slotOf(ino).removeInode(ino, ctx.freedBlocks());
                released++;
            }
        }
        return released;
    }
}
