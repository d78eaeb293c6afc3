package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.session.ClientState;
import io.wfs.meta.session.LeaderOpens;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.Namespace;
import io.wfs.meta.namespace.NamespaceException;
import io.wfs.meta.namespace.SlotState;
import io.wfs.meta.state.DeletionQueue;
import io.wfs.meta.state.SessionTable;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * What an operation sees: the group's namespace, the caller, the time of the operation (chosen
 * once by the leader), where freed blocks go (the group's deletion queue), and the group's other
 * replicated state (lock intents, client opens and locks, session records).
 */
public final class MetaContext {
    /** A lock flag older than this has expired (docs/metadata.md, "Cross-group operations"). */
    public static final long LOCK_EXPIRY_NS = 5_000_000_000L;
    /** Most hard links to one inode (as ext4). */
    public static final int MAX_LINKS = io.wfs.common.posix.Posix.MAX_LINKS;

    private final Namespace namespace;
    private final Caller caller;
    private final long timeNs;
    private final LongArrayList freedBlocks;
    private final LockIntents intents;
    private final ClientState clients;
    private final SessionTable sessions;
    private final DeletionQueue deletions;
    private final LeaderOpens leaderOpens;
    private final io.wfs.meta.lease.LeaseMark leaseMark;

    public MetaContext(Namespace namespace, Caller caller, long timeNs, LongArrayList freedBlocks, LockIntents intents,
                       ClientState clients, SessionTable sessions, DeletionQueue deletions, LeaderOpens leaderOpens,
                       io.wfs.meta.lease.LeaseMark leaseMark) {
        this.leaseMark = leaseMark;
        this.namespace = namespace;
        this.caller = caller;
        this.timeNs = timeNs;
        this.freedBlocks = freedBlocks;
        this.intents = intents;
        this.clients = clients;
        this.sessions = sessions;
        this.deletions = deletions;
        this.leaderOpens = leaderOpens;
    }

    /** Replicated: whether a leader of the group ever granted client-cache leases. */
    public io.wfs.meta.lease.LeaseMark leaseMark() {
        return leaseMark;
    }

    /** The results recorded per client session (exactly-once). */
    public SessionTable sessions() {
        return sessions;
    }

    /**
     * The group's deletion queue. Operations free blocks through {@link #freedBlocks}; only the
     * deletion-queue operations read or acknowledge the queue itself.
     */
    public DeletionQueue deletions() {
        return deletions;
    }

    /**
     * The open files this replica knows of while it leads; not replicated. Apply may tell it what
     * happened (a create opened a file, a file became an orphan, a session expired) but must never
     * read it to decide anything: followers know nothing there.
     */
    public LeaderOpens leaderOpens() {
        return leaderOpens;
    }

    /** The orphans and locks of the client sessions. */
    public ClientState clients() {
        return clients;
    }

    /** The cross-group operations in progress on this group's inodes. */
    public LockIntents intents() {
        return intents;
    }

    public Namespace namespace() {
        return namespace;
    }

    public Caller caller() {
        return caller;
    }

    public long timeNs() {
        return timeNs;
    }

    public LongArrayList freedBlocks() {
        return freedBlocks;
    }

    /** The slot state of {@code ino}; STALE_ROUTE when another group owns it. */
    public SlotState slotOf(long ino) {
        try {
            return namespace.slotOf(ino);
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
    }

    /**
     * Refuses an operation that would span groups where no cross-group protocol exists yet
     * (rename, link): EXDEV, which mv and ln handle by copying, rather than STALE_ROUTE, which
     * a client would retry forever because its route is in fact current.
     */
    public void requireSameGroup(long ino, String what) {
        if (!owns(ino)) {
            throw new WfsException(WfsErrorCode.EXDEV, what + " lives in another meta group");
        }
    }

    public boolean owns(long ino) {
        return namespace.owns(io.wfs.meta.namespace.InodeNumbers.slotOf(ino));
    }

    /** A fresh attribute snapshot of {@code ino}; ENOENT when it does not exist. */
    public InodeAttributes attributes(long ino) {
        SlotState slot = slotOf(ino);
        if (!slot.contains(ino)) {
            throw new WfsException(WfsErrorCode.ENOENT, "no inode " + ino);
        }
        InodeAttributes a = new InodeAttributes();
        slot.getAttributes(ino, a);
        return a;
    }

    /** Attributes of a directory; ENOTDIR when it is something else. */
    public InodeAttributes directory(long ino) {
        InodeAttributes a = attributes(ino);
        if (!FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "inode " + ino + " is not a directory");
        }
        return a;
    }

    /**
     * Refuses to change an inode that a cross-group operation holds (LOCKED, retryable) until the
     * lock is resolved, by its coordinator or by the sweep once it expired. An expired lock is not
     * free for others: its coordinator may still be finishing steps past the commit point (a
     * slow source-entry step of a rename, the resolve of a remove), and a change made meanwhile
     * would give an inode a second name or a name to a deleted inode.
     */
    public void requireUnlocked(InodeAttributes a) {
        if ((a.flags() & InodeFlags.LOCK) != 0) {
            throw new WfsException(WfsErrorCode.LOCKED, "inode " + a.ino() + " is locked by an operation in progress");
        }
    }

    /** An entry was added to or removed from {@code dir}: its mtime and ctime move to now. */
    public void touchDirectory(long dir) {
        SlotState s = slotOf(dir);
        s.setMtime(dir, timeNs);
        s.setCtime(dir, timeNs);
    }

    public InodeAttr wire(long ino) {
        return wire(attributes(ino));
    }

    public static InodeAttr wire(InodeAttributes a) {
        return new InodeAttr(a.ino(), a.mode(), a.nlink(), a.uid(), a.gid(), a.size(), a.atimeNs(), a.mtimeNs(),
                a.ctimeNs(), a.rdev(), a.parent(), !a.hasXattrs());
    }

    /**
     * Attributes of an entry's child when it may live in another group: full when this group owns
     * it, otherwise only ino and type with nlink 0, telling the client to ask the child's group.
     */
    public InodeAttr wireOrStub(long ino, int typeCode) {
        if (owns(ino)) {
            return wire(ino);
        }
        return new InodeAttr(ino, FileType.typeBitsOfCode(typeCode), 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
