package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * A granted create delegation: the {@code count} inode numbers from {@code firstIno} on are the
 * session's to give to files it creates in the directory ({@link CreateBatchRequest});
 * {@code entries}: how many entries the directory had when it was granted. A holder that knows
 * them all (none, or one readdir page) knows every name in the directory while the delegation
 * holds, and answers a lookup of any other name itself. The {@code directoryCount} numbers from
 * {@code firstDirectoryIno} on (appended fields; none from an older server) are for directories
 * the session makes there: of another slot of the same group, so that a tree one mount makes
 * spreads over the group's slots (docs/metadata.md, "Asynchronous mkdir").
 */
public final class CreateDelegationReply implements Response {
    private long firstIno;
    private int count;
    private int entries;
    private long firstDirectoryIno;
    private int directoryCount;

    public CreateDelegationReply() {
    }

    public CreateDelegationReply(long firstIno, int count, int entries) {
        this.firstIno = firstIno;
        this.count = count;
        this.entries = entries;
    }

    /** With the numbers for directories made under the delegation. */
    public CreateDelegationReply withDirectories(long first, int count) {
        this.firstDirectoryIno = first;
        this.directoryCount = count;
        return this;
    }

    public long firstDirectoryIno() {
        return firstDirectoryIno;
    }

    /** 0 from a server that makes no directories under a delegation. */
    public int directoryCount() {
        return directoryCount;
    }

    public int entries() {
        return entries;
    }

    public long firstIno() {
        return firstIno;
    }

    public int count() {
        return count;
    }
}
