package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Renames an entry; flags: 0, NOREPLACE or EXCHANGE (renameat2). */
public final class RenameRequest implements MetaRequest<OkReply>, EntryMove.Carrier {
    public static final int NOREPLACE = 1;
    public static final int EXCHANGE = 2;

    private MetaHeader header;
    private EntryMove move;
    private int flags;

    public RenameRequest() {
    }

    public RenameRequest(MetaHeader header, long srcParent, byte[] srcName, long dstParent, byte[] dstName, int flags) {
        this.header = header;
        this.move = new EntryMove(srcParent, srcName, dstParent, dstName);
        this.flags = flags;
    }

    @Override
    public MetaHeader header() {
        return header;
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
        MetaHeader.validate(header);
        move().validate();
        if (flags != 0 && flags != NOREPLACE && flags != EXCHANGE) {
            throw new WfsException(WfsErrorCode.EINVAL, "rename flags " + flags);
        }
    }
}
