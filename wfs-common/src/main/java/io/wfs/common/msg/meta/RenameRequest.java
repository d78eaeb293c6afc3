package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Renames an entry; flags: 0, NOREPLACE or EXCHANGE (renameat2). */
public final class RenameRequest extends HeaderRequest<OkReply> implements EntryMove.Carrier {
    public static final int NOREPLACE = 1;
    public static final int EXCHANGE = 2;

    private EntryMove move;
    private int flags;

    public RenameRequest() {
    }

    public RenameRequest(MetaHeader header, long srcParent, byte[] srcName, long dstParent, byte[] dstName, int flags) {
        super(header);
        this.move = new EntryMove(srcParent, srcName, dstParent, dstName);
        this.flags = flags;
    }

    @Override
    public EntryMove move() {
        return EntryMove.orNone(move);
    }

    public int flags() {
        return flags;
    }

    @Override
    public long routingIno() {
        return srcParent();
    }

    @Override
    public void validate() {
        super.validate();
        move().validate();
        if (flags != 0 && flags != NOREPLACE && flags != EXCHANGE) {
            throw new WfsException(WfsErrorCode.EINVAL, "rename flags " + flags);
        }
    }
}
