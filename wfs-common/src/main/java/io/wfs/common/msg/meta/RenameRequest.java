package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Renames an entry; flags: 0, NOREPLACE or EXCHANGE (renameat2). */
public final class RenameRequest implements MetaRequest<OkReply> {
    public static final int NOREPLACE = 1;
    public static final int EXCHANGE = 2;

    private MetaHeader header;
    private long srcParent;
    private byte[] srcName;
    private long dstParent;
    private byte[] dstName;
    private int flags;

    public RenameRequest() {
    }

    public RenameRequest(MetaHeader header, long srcParent, byte[] srcName, long dstParent, byte[] dstName, int flags) {
        this.header = header;
        this.srcParent = srcParent;
        this.srcName = srcName;
        this.dstParent = dstParent;
        this.dstName = dstName;
        this.flags = flags;
    }

    public MetaHeader header() {
        return header;
    }

    public long srcParent() {
        return srcParent;
    }

    public byte[] srcName() {
        return srcName;
    }

    public long dstParent() {
        return dstParent;
    }

    public byte[] dstName() {
        return dstName;
    }

    public int flags() {
        return flags;
    }

    @Override
    public long routingIno() {
        return srcParent;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(srcName, "srcName");
        MetaNames.check(dstName, "dstName");
        if (flags != 0 && flags != NOREPLACE && flags != EXCHANGE) {
            throw new WfsException(WfsErrorCode.EINVAL, "rename flags " + flags);
        }
    }
}
