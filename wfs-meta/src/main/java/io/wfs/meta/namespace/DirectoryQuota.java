package io.wfs.meta.namespace;

/**
 * The limits and usage of one quota directory. Usage counts the directory itself and every inode
 * below it that still has a name (an open-unlinked file stops counting at its last unlink), and
 * the logical sizes of the regular files among them. A limit of 0 means "no limit", so a quota
 * can exist only to bound a tenant's subtree (see docs/kubernetes.md).
 */
public final class DirectoryQuota {
    private final long dirIno;
    private long limitBytes;
    private long limitInodes;
    private long usedBytes;
    private long usedInodes;

    DirectoryQuota(long dirIno, long limitBytes, long limitInodes, long usedBytes, long usedInodes) {
        this.dirIno = dirIno;
        this.limitBytes = limitBytes;
        this.limitInodes = limitInodes;
        this.usedBytes = usedBytes;
        this.usedInodes = usedInodes;
    }

    public long dirIno() {
        return dirIno;
    }

    public long limitBytes() {
        return limitBytes;
    }

    public long limitInodes() {
        return limitInodes;
    }

    public long usedBytes() {
        return usedBytes;
    }

    public long usedInodes() {
        return usedInodes;
    }

    void setLimits(long limitBytes, long limitInodes) {
        this.limitBytes = limitBytes;
        this.limitInodes = limitInodes;
    }

    /**
     * EDQUOT when growing by (bytes, inodes) would pass a limit. Only growth is checked: a subtree
     * already over a lowered limit may still shrink, and an unchanged dimension never refuses.
     */
    void checkGrowth(long bytes, long inodes) {
        if (bytes > 0 && limitBytes > 0 && usedBytes + bytes > limitBytes) {
            throw new NamespaceException(NamespaceException.Code.EDQUOT, "quota of " + limitBytes
                    + " bytes on directory " + InodeNumbers.toString(dirIno) + " exceeded");
        }
        if (inodes > 0 && limitInodes > 0 && usedInodes + inodes > limitInodes) {
            throw new NamespaceException(NamespaceException.Code.EDQUOT, "quota of " + limitInodes
                    + " inodes on directory " + InodeNumbers.toString(dirIno) + " exceeded");
        }
    }

    void add(long bytes, long inodes) {
        usedBytes += bytes;
        usedInodes += inodes;
    }
}
