package io.wfs.raft;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The payload of one Raft log entry: several client commands, so that concurrent operations
 * share one entry, one replication round and one fsync. Layout: {@code int count}, then per
 * command {@code int length, bytes}.
 */
final class CommandBatch {
    private CommandBatch() {
    }

    static ByteBuffer encode(List<Proposal> proposals) {
        int size = 4;
        for (Proposal p : proposals) {
            size += 4 + p.command().length;
        }
        ByteBuffer buf = ByteBuffer.allocate(size);
        buf.putInt(proposals.size());
        for (Proposal p : proposals) {
            buf.putInt(p.command().length);
            buf.put(p.command());
        }
        return buf.flip();
    }

    /** Number of commands in an encoded batch; the buffer's position is left after the count. */
    static int readCount(ByteBuffer batch) {
        int count = batch.getInt();
        if (count < 0) {
            throw new IllegalStateException("corrupt command batch: count " + count);
        }
        return count;
    }

    /** The next command as a slice; the buffer's position moves past it. */
    static ByteBuffer next(ByteBuffer batch) {
        int length = batch.getInt();
        ByteBuffer command = batch.slice();
        command.limit(length);
        batch.position(batch.position() + length);
        return command;
    }
}
