package io.wfs.cli.fsck;

import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.RepairInodeReply;
import io.wfs.common.msg.meta.RepairInodeRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.meta.namespace.InodeNumbers;
import it.unimi.dsi.fastutil.longs.LongList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * {@code wfs fsck --repair} of the namespace findings that can be repaired online: each inode is
 * sent to its group's leader ({@code REPAIR_INODE}), which looks at it again and finishes an expired
 * lock through the sweep's steps, clears a lock flag no intent explains, or deletes a file without
 * links that no session holds (docs/reliability.md). Each outcome goes into the report, repaired or
 * not and why. A few requests in flight, so a damaged cluster of thousands of such inodes is
 * repaired in seconds without flooding one leader.
 */
public final class NamespaceRepair {
    private static final int IN_FLIGHT = 16;

    private final MetaClient meta;

    public NamespaceRepair(MetaClient meta) {
        this.meta = meta;
    }

    /** Repairs each inode of {@code inos}; what happened is recorded in {@code report}. */
    public void run(LongList inos, FsckReport report) {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        CompletableFuture<?>[] calls = new CompletableFuture<?>[inos.size()];
        for (int i = 0; i < inos.size(); i++) {
            long ino = inos.getLong(i);
            slots.acquireUninterruptibly();
            calls[i] = meta.call(new RepairInodeRequest(meta.mutation(0, 0), ino))
                    .whenComplete((reply, error) -> {
                        slots.release();
                        record(report, ino, reply, error);
                    });
        }
        // Every call ends by the client's deadline, answered or failed.
        CompletableFuture.allOf(calls).exceptionally(e -> null).join();
    }

    private static void record(FsckReport report, long ino, RepairInodeReply reply, Throwable error) {
        String name = "inode " + InodeNumbers.toString(ino) + ": ";
        synchronized (report) {
            if (error != null) {
                report.repaired(name + WfsException.unwrap(error).getMessage(), false);
            } else {
                report.repaired(name + reply.detail(), reply.repaired());
            }
        }
    }
}
