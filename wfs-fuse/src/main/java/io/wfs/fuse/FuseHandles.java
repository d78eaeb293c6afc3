package io.wfs.fuse;

import io.wfs.client.WfsFile;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.InodeAttr;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/** The file handles FUSE holds (the {@code fh} of open/create) and the open files behind them. */
final class FuseHandles {
    private final Long2ObjectOpenHashMap<WfsFile> open = new Long2ObjectOpenHashMap<>();
    private long next = 1;
    /** Handles whose create has not had its attributes asked yet (see {@link #attrOfJustCreated}). */
    private final LongOpenHashSet justCreated = new LongOpenHashSet();

    synchronized long add(WfsFile file) {
        long fh = next++;
        open.put(fh, file);
        return fh;
    }

    /** A handle of a file its open created: its first {@link #attrOfJustCreated} answers. */
    synchronized long addCreated(WfsFile file) {
        long fh = add(file);
        justCreated.add(fh);
        return fh;
    }

    /**
     * Once for a handle of {@link #addCreated}, the new file's attributes as its create answered
     * them; else null. libfuse's create asks them right after the create, within the same kernel
     * request (the low-level FUSE create replies with them); asking the servers again cost a round
     * trip per file created in a directory whose answers are not leased (docs/metadata.md, "A
     * directory many mounts write").
     */
    synchronized InodeAttr attrOfJustCreated(long fh) {
        WfsFile f = open.get(fh);
        return justCreated.remove(fh) && f != null ? f.attrOfCreate() : null;
    }

    synchronized WfsFile get(long fh) {
        WfsFile f = open.get(fh);
        if (f == null) {
            throw new WfsException(WfsErrorCode.EBADF, "no open file with handle " + fh);
        }
        return f;
    }

    synchronized WfsFile remove(long fh) {
        justCreated.remove(fh);
        WfsFile f = open.remove(fh);
        if (f == null) {
            throw new WfsException(WfsErrorCode.EBADF, "no open file with handle " + fh);
        }
        return f;
    }

    /** An open handle of {@code ino}, or null (a scan: files open here are few). */
    synchronized WfsFile anyOf(long ino) {
        for (WfsFile f : open.values()) {
            if (f.ino() == ino) {
                return f;
            }
        }
        return null;
    }

    synchronized int size() {
        return open.size();
    }
}
