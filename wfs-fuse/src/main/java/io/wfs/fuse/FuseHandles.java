package io.wfs.fuse;

import io.wfs.client.WfsFile;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/** The file handles FUSE holds (the {@code fh} of open/create) and the open files behind them. */
final class FuseHandles {
    private final Long2ObjectOpenHashMap<WfsFile> open = new Long2ObjectOpenHashMap<>();
    private long next = 1;

    synchronized long add(WfsFile file) {
        long fh = next++;
        open.put(fh, file);
        return fh;
    }

    synchronized WfsFile get(long fh) {
        WfsFile f = open.get(fh);
        if (f == null) {
            throw new WfsException(WfsErrorCode.EBADF, "no open file with handle " + fh);
        }
        return f;
    }

    synchronized WfsFile remove(long fh) {
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
