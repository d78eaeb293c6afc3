package io.wfs.client;

import io.wfs.client.create.AsyncCreates;
import io.wfs.client.data.Rpc;
import io.wfs.client.file.FileIo;
import io.wfs.client.file.FileState;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.client.namespace.PathResolver;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.posix.Posix;
import java.util.concurrent.CompletableFuture;

/**
 * The life of an open file in this client, from {@code open(2)} to its last {@code close}: the
 * create (answered here under a delegation, AsyncCreates, or by the servers), the truncate, the
 * leader's access check and the file's state (FileIo); flush, fsync (of a file and of a directory)
 * and the close that tells the leader.
 */
final class ClientOpens {
    private final PathResolver paths;
    private final MetadataCache cache;
    private final ClientNamespace namespace;
    private final FileIo files;
    private final MetaSession session;
    /** Null with client.async-creates or client.cache-leases off. */
    private final AsyncCreates creates;

    ClientOpens(PathResolver paths, MetadataCache cache, ClientNamespace namespace, FileIo files, MetaSession session,
                AsyncCreates creates) {
        this.paths = paths;
        this.cache = cache;
        this.namespace = namespace;
        this.files = files;
        this.session = session;
        this.creates = creates;
    }

    WfsFile open(Caller caller, String path, int flags, int mode) {
        InodeAttr a = null;
        boolean created = false;
        boolean answeredHere = false;
        if ((flags & Posix.O_CREAT) != 0) {
            a = createHere(caller, path, mode);
            answeredHere = a != null;
            if (a == null) {
                a = createOpen(caller, path, flags, mode);
            }
            created = a != null;
        }
        if (a == null) {
            a = paths.resolve(caller, path);
        }
        if (Posix.isDirectory(a.mode()) && (flags & Posix.O_ACCMODE) != Posix.O_RDONLY) {
            throw new WfsException(WfsErrorCode.EISDIR, "a directory opens read-only");
        }
        int access = flags & Posix.O_ACCMODE;
        long ino = a.ino();
        boolean truncating = !created && (flags & Posix.O_TRUNC) != 0 && access != Posix.O_RDONLY && a.size() != 0;
        if (!created && !truncating && creates != null) {
            SlicesReply known = creates.openHere(caller, ino, access);
            if (known != null) {
                return new WfsFile(caller, files.openedHere(ino, known), flags);
            }
        }
        // An existing file's open (the leader's access check) and its slice fetch are one request; a
        // truncating open sends them apart, the truncate between. A file answered here is opened by
        // its batch (AsyncCreates); one the servers created, by the create.
        CompletableFuture<SlicesReply> fetching = created || truncating ? null : session.openFetching(caller, ino, access);
        CompletableFuture<?> opened = answeredHere ? CompletableFuture.completedFuture(null)
                : created ? session.createdOpen(ino)
                : truncating ? session.open(caller, ino, access) : fetching;
        FileState state = null;
        try {
            if (truncating) {
                Rpc.await(opened);
                setattr(caller, ino, SetAttr.NOTHING.withSize(0));
            }
            // A file this call created is empty: no slices to fetch.
            state = created ? files.openCreated(a)
                    : truncating ? files.open(Caller.ROOT, ino) : files.opened(ino, Rpc.await(fetching));
            if (fetching != null && access != Posix.O_WRONLY && Posix.isRegular(a.mode())) {
                files.prefetchOpened(state);
            }
            Rpc.await(opened);
            return new WfsFile(caller, state, flags, created);
        } catch (RuntimeException e) {
            if (state != null) {
                files.release(state);
            }
            if (answeredHere) {
                creates.closed(ino);
            } else {
                session.abandon(opened, caller, ino);
            }
            throw e;
        }
    }

    /**
     * Creates regular file {@code path} without a round trip when this client holds a create
     * delegation on its directory (AsyncCreates); null otherwise, or when the name is known here.
     */
    private InodeAttr createHere(Caller caller, String path, int mode) {
        if (creates == null) {
            return null;
        }
        PathResolver.ParentAndName p = paths.parentOf(caller, path);
        if (cache.lookup(p.parent(), p.nameString()) != 0) {
            return null;
        }
        return creates.create(caller, p.parent(), p.name(), p.nameString(), mode);
    }

    /**
     * Creates {@code path} already opened for this session (one Raft entry); null when it exists
     * and O_EXCL is not set, so the caller opens the existing file.
     */
    private InodeAttr createOpen(Caller caller, String path, int flags, int mode) {
        try {
            return namespace.mknod(caller, path, Posix.S_IFREG | (mode & Posix.PERMISSION_BITS), 0, true);
        } catch (WfsException e) {
            if (e.code() != WfsErrorCode.EEXIST || (flags & Posix.O_EXCL) != 0) {
                throw e;
            }
            return null;
        }
    }

    /**
     * A setattr of {@code ino}, which this client may have open (buffered bytes go first) or may
     * have created and not sent yet (the change folds into the create, AsyncCreates).
     */
    InodeAttr setattr(Caller caller, long ino, SetAttr change) {
        FileState open = files.ifOpen(ino);
        if (open != null && (change.changesSize() || change.changesMtime())) {
            // Buffered bytes first, so the truncate cuts them too and nothing lands after it; and
            // utimes after a write (tar, cp -p, rsync) is the last word on mtime, not the later commit.
            files.flush(caller, open);
        }
        InodeAttr folded = creates == null ? null : creates.setattr(caller, ino, change);
        if (folded != null) {
            return folded;
        }
        InodeAttr a = namespace.setattr(caller, ino, change);
        if (open != null && change.changesSize()) {
            files.refetch(ino, open);
        }
        return a;
    }

    /**
     * A commit leaves its reply's attributes in the cache (CommittedAttributes); a failed one may
     * have moved them too, so they go.
     */
    void flush(WfsFile file) {
        boolean failed = true;
        try {
            files.flush(file.caller(), file.state());
            failed = false;
        } finally {
            if (failed) {
                cache.forgetAttr(file.ino());
            }
        }
    }

    void fsync(WfsFile file) {
        // Blocks are acknowledged by the stores only when every replica has them, and a commit
        // only when the Raft majority has it: a flush is already an fsync.
        flush(file);
        if (creates != null) {
            // A file created here and written nothing has no commit to wait on: its create is the fsync.
            Rpc.await(creates.applied(file.ino()));
        }
    }

    void fsyncdir(Caller caller, String path) {
        if (creates != null) {
            Rpc.await(creates.flushed(paths.resolve(caller, path).ino()));
        }
    }

    void release(WfsFile file) {
        try {
            flush(file);
        } finally {
            files.release(file.state());
            if (creates == null || !creates.closed(file.ino())) {
                session.close(file.caller(), file.ino());
            }
        }
    }
}
