package io.wfs.common.msg.meta;

/**
 * The inodes a metadata request names, by its shape: both parents of a rename, the file and the
 * new parent of a link, the inode of an inode request, the parent of an entry request, the files
 * of an announcement. Used where a request must be judged by what it touches before it runs: a
 * scoped credential's subtree (the meta servers' ScopeGuard), a directory delegated to another
 * session (the leader recalls it first), a file this client created and has not sent yet.
 */
public final class NamedInodes {
    private static final long[] NONE = new long[0];

    private NamedInodes() {
    }

    /** The named inodes; empty for a poll or a heartbeat; null for a request shape not listed here. */
    public static long[] of(MetaRequest<?> request) {
        if (request instanceof RenameRequest r) {
            return new long[] {r.srcParent(), r.dstParent()};
        }
        if (request instanceof NewLinkRequest<?> r) {
            return new long[] {r.ino(), r.newParent()};
        }
        if (request instanceof InodeRequest<?> r) {
            return new long[] {r.ino()};
        }
        if (request instanceof EntryNameRequest<?> r) {
            return new long[] {r.parent()};
        }
        if (request instanceof AnnounceOpensRequest r) {
            return r.inos();
        }
        if (request instanceof SessionHeartbeatRequest || request instanceof CacheLeasePollRequest) {
            return NONE;
        }
        return null;
    }
}
