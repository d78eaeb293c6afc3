package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/**
 * Renames an entry; flags: 0, NOREPLACE or EXCHANGE (renameat2). A cross-group rename carries the
 * request as it came inside its {@link RenamePlan}.
 */
public final class RenameRequest extends HeaderRequest<OkReply> {
    public static final int NOREPLACE = 1;
    public static final int EXCHANGE = 2;

    private long srcParent;
    private byte[] srcName;
    private long dstParent;
    private byte[] dstName;
    private int flags;

    public RenameRequest() {
    }

    public RenameRequest(MetaHeader header, long srcParent, byte[] srcName, long dstParent, byte[] dstName, int flags) {
        super(header);
        this.srcParent = srcParent;
        this.srcName = srcName;
        this.dstParent = dstParent;
        this.dstName = dstName;
        this.flags = flags;
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
    public long[] namedInodes() {
        return new long[] {srcParent, dstParent};
    }

    @Override
    public boolean visitNamedEntries(EntryVisitor visitor) {
        visitor.entry(srcParent, srcName);
        visitor.entry(dstParent, dstName);
        return true;
    }

    /** The name it replaces, which may be an empty directory. */
    @Override
    public boolean visitEntryOfRemovedDirectory(EntryVisitor visitor) {
        visitor.entry(dstParent, dstName);
        return true;
    }

    @Override
    public void validate() {
        super.validate();
        MetaNames.check(srcName, "srcName");
        MetaNames.check(dstName, "dstName");
        if (flags != 0 && flags != NOREPLACE && flags != EXCHANGE) {
            throw new WfsException(WfsErrorCode.EINVAL, "rename flags " + flags);
        }
    }
}
