package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;

/**
 * Creates a regular file, FIFO, socket or device node (create and mknod); mode includes the
 * type bits. With {@code open}, the same log entry also counts an open of the new file against
 * the caller's session (what {@code open(O_CREAT)} does next anyway): one Raft entry instead of
 * two for every created file.
 */
public final class MknodRequest extends EntryNameRequest<AttrReply> {
    private int mode;
    private long rdev;
    private boolean open;

    public MknodRequest() {
    }

    public MknodRequest(MetaHeader header, long parent, byte[] name, int mode, long rdev) {
        this(header, parent, name, mode, rdev, false);
    }

    public MknodRequest(MetaHeader header, long parent, byte[] name, int mode, long rdev, boolean open) {
        super(header, parent, name);
        this.mode = mode;
        this.rdev = rdev;
        this.open = open;
    }

    /** Whether the new file is also opened for the caller's session (create with O_CREAT). */
    public boolean open() {
        return open;
    }

    public int mode() {
        return mode;
    }

    public long rdev() {
        return rdev;
    }

    @Override
    public void validate() {
        super.validate();
        int type = mode & Posix.S_IFMT;
        if ((mode & ~Posix.MODE_BITS) != 0 || !(type == Posix.S_IFREG || type == Posix.S_IFIFO || type == Posix.S_IFSOCK
                || type == Posix.S_IFCHR || type == Posix.S_IFBLK)) {
            throw new WfsException(WfsErrorCode.EINVAL, "mknod of mode " + Integer.toOctalString(mode));
        }
        if (open) {
            if (type != Posix.S_IFREG) {
                throw new WfsException(WfsErrorCode.EINVAL, "only a regular file is created open");
            }
            // The open is counted against a session, as for OpenRequest.
            MetaHeader.requireSession(header());
        }
    }
}
