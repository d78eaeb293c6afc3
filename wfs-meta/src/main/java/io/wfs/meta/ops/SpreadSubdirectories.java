package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.DirectorySpread;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeNumbers;
import java.util.concurrent.CompletableFuture;

/**
 * Which directories have their subdirectories placed by the servers even under a create
 * delegation (docs/metadata.md, "Where the new directory lives"): the root, and a directory marked
 * with {@link DirectorySpread#NAME}. A grant on such a directory reserves no numbers for
 * directories, so the holder sends every mkdir there to the servers, which spread them over all
 * groups by hash.
 */
final class SpreadSubdirectories {
    private static final byte[] NAME = DirectorySpread.name();

    private SpreadSubdirectories() {
    }

    /** Deterministic (state only): the grant's entry decides with it on every replica. */
    static boolean spreads(MetaContext ctx, long dir) {
        return dir == InodeNumbers.ROOT || ctx.slotOf(dir).xattrs().has(dir, NAME);
    }

    /** The mark is a switch on a directory: anything else is refused before it is stored. */
    static void checkMark(InodeAttributes a, byte[] name, byte[] value) {
        if (!DirectorySpread.isName(name)) {
            return;
        }
        if (!FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, DirectorySpread.NAME + " applies to directories");
        }
        if (!DirectorySpread.isOn(value)) {
            throw new WfsException(WfsErrorCode.EINVAL, DirectorySpread.NAME + " takes the value "
                    + DirectorySpread.ON + "; remove it to turn it off");
        }
    }

    /**
     * Once the mark is set or removed, the directory's create delegation is recalled from its holder,
     * the marking session included (its own setxattr never recalls it otherwise): the holder's next
     * grant follows the mark: no numbers for directories while it is there, numbers again once it is gone.
     */
    static <R> CompletableFuture<R> recallIfMarkChanged(GroupLeader leader, long dir, byte[] attribute,
                                                        CompletableFuture<R> applied) {
        if (!leader.leads() || !DirectorySpread.isName(attribute)) {
            return applied;
        }
        return applied.thenCompose(reply -> {
            CompletableFuture<Void> recalled = leader.replica().machine().leaseTracking().delegations().recallFromHolder(dir);
            // A recall that fails has lapsed with the holder's lease: nothing of it can arrive any more.
            return recalled == null ? CompletableFuture.completedFuture(reply) : recalled.handle((x, e) -> reply);
        });
    }
}
