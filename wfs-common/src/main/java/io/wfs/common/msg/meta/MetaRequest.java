package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;

/** A request served by a metadata group; every one carries a {@link MetaHeader}. */
public interface MetaRequest<R extends Response> extends Request<R> {
    MetaHeader header();

    /** The inode whose slot decides which group serves this request (the parent for entry operations). */
    long routingIno();

    /**
     * The session that made this change and keeps its own cache right (its reply says what
     * changed): the change's invalidations skip it. The header's session, unless a request says
     * otherwise (ResolveLockRequest).
     */
    default long changingSession() {
        return header().session();
    }

    /**
     * The inodes this request names, judged before it runs: a scoped credential's subtree (the
     * meta servers' ScopeGuard), a directory delegated to another session (the leader recalls it
     * first), a file this client created and has not sent yet (the client's PendingOrder). Empty
     * for a request that names none (a poll, a heartbeat); null for one that is not judged by its
     * inodes, which scoped credentials are refused.
     */
    default long[] namedInodes() {
        return null;
    }

    /** Receives a directory entry a request names. */
    @FunctionalInterface
    interface EntryVisitor {
        void entry(long parent, byte[] name);
    }

    /**
     * Hands {@code visitor} the directory entries (parent, name) this request names: the entry of
     * an entry request, the new name of a link, both names of a rename. Returns false, visiting
     * nothing, for a request that names no entry.
     */
    default boolean visitNamedEntries(EntryVisitor visitor) {
        return false;
    }

    /**
     * Hands {@code visitor} the entry whose directory this request may remove (an rmdir's, or the
     * name a rename replaces, which may be an empty directory). Returns false for other requests.
     */
    default boolean visitEntryOfRemovedDirectory(EntryVisitor visitor) {
        return false;
    }
}
