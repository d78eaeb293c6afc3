package io.wfs.client;

import io.wfs.client.data.Rpc;
import io.wfs.client.namespace.PathResolver;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.QuotaUsage;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.route.MetaClient;
import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;
import java.util.Optional;

/**
 * Which error a rename across a quota's edge answers. The servers refuse every such rename with
 * EXDEV (a quota's subtree lives in its own slot and cannot move in one step); {@code mv} then
 * copies, which is what a user wants when the tree fits. When it cannot fit, the copy would fail
 * part-way, after minutes of work: so the rename itself answers EDQUOT, and {@code mv} stops before
 * copying anything. Whether it fits is counted here, by walking the moved tree against the
 * destination quota's room (docs/metadata.md, "Directory quotas"). Nothing is moved either way, so a
 * count that races other writers can only pick the less helpful of two refusals.
 */
final class QuotaEdgeRename {
    private static final int READDIR_PAGE = 1024;

    private final MetaClient meta;
    private final PathResolver paths;
    private final ClientQuotas quotas;
    /** A tree bigger than this is not counted: EXDEV, and the copy meets the limit if it does. */
    private final int countLimit;

    QuotaEdgeRename(MetaClient meta, PathResolver paths, ClientQuotas quotas, int countLimit) {
        this.meta = meta;
        this.paths = paths;
        this.quotas = quotas;
        this.countLimit = countLimit;
    }

    /** The error for a rename the servers refused with {@code exdev}: EDQUOT when the tree cannot fit. */
    WfsException refine(Caller caller, String from, String to, WfsException exdev) {
        try {
            Optional<QuotaUsage> quota = quotaHolding(caller, paths.parentOf(caller, to).parent());
            if (quota.isEmpty()) {
                return exdev;
            }
            QuotaUsage q = quota.get();
            long roomBytes = q.limitBytes() > 0 ? q.limitBytes() - q.usedBytes() + replacedBytes(caller, to) : Long.MAX_VALUE;
            long roomInodes = q.limitInodes() > 0 ? q.limitInodes() - q.usedInodes() : Long.MAX_VALUE;
            return exceeds(caller, paths.resolve(caller, from), roomBytes, roomInodes)
                    ? new WfsException(WfsErrorCode.EDQUOT, "moving " + from + " into " + to
                            + " would exceed the directory quota of inode " + q.dirIno())
                    : exdev;
        } catch (WfsException countingFailed) {
            // Not allowed to read a part of the tree, or it changed under the walk: the copy will tell.
            return exdev;
        }
    }

    /** The quota of dir or of its nearest ancestor with one (quotas do not nest), up to this client's root. */
    private Optional<QuotaUsage> quotaHolding(Caller caller, long dir) {
        long current = dir;
        for (int depth = 0; depth <= 4096; depth++) {
            Optional<QuotaUsage> q = quotas.ofDirectory(caller, current);
            if (q.isPresent() || current == paths.root() || current == PathResolver.ROOT) {
                return q;
            }
            current = paths.attr(caller, current).parent();
        }
        return Optional.empty();
    }

    /** A regular file replaced by the rename frees its bytes; the copy's truncate frees them too. */
    private long replacedBytes(Caller caller, String to) {
        try {
            InodeAttr replaced = paths.resolve(caller, to);
            return Posix.isRegular(replaced.mode()) ? replaced.size() : 0;
        } catch (WfsException e) {
            if (e.code() == WfsErrorCode.ENOENT) {
                return 0;
            }
            throw e;
        }
    }

    /** True when the tree at top has more bytes or inodes than the room; counting stops as soon as it does. */
    private boolean exceeds(Caller caller, InodeAttr top, long roomBytes, long roomInodes) {
        long bytes = sizeOf(top);
        long inodes = 1;
        LongArrayFIFOQueue dirs = new LongArrayFIFOQueue();
        if (isDirectory(top.mode())) {
            dirs.enqueue(top.ino());
        }
        while (bytes <= roomBytes && inodes <= roomInodes && !dirs.isEmpty()) {
            long dir = dirs.dequeueLong();
            long cookie = 0;
            boolean eof = false;
            while (!eof && bytes <= roomBytes && inodes <= roomInodes) {
                if (inodes > countLimit) {
                    return false;
                }
                ReaddirReply page = Rpc.await(meta.callHere(new ReaddirRequest(caller.query(meta), dir, cookie,
                        READDIR_PAGE, true)));
                for (DirEntry e : page.entries()) {
                    if (e.attr() == null) {
                        throw new WfsException(WfsErrorCode.EIO, "a listing without attributes");
                    }
                    bytes += sizeOf(e.attr());
                    inodes++;
                    if (isDirectory(e.attr().mode())) {
                        dirs.enqueue(e.ino());
                    }
                }
                eof = page.eof();
                cookie = page.nextCookie();
            }
        }
        return bytes > roomBytes || inodes > roomInodes;
    }

    private static long sizeOf(InodeAttr a) {
        return Posix.isRegular(a.mode()) ? a.size() : 0;
    }

    private static boolean isDirectory(int mode) {
        return (mode & Posix.S_IFMT) == Posix.S_IFDIR;
    }
}
