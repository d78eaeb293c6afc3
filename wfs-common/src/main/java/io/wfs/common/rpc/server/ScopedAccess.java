package io.wfs.common.rpc.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.auth.Scope;
import java.util.EnumSet;
import java.util.Set;

/**
 * The message types a connection authenticated with a scoped credential may send: what a mount
 * of one volume needs, and nothing an administrator or a server sends. Everything else is
 * answered EACCES by the dispatcher before any handler runs. What may be sent is then checked
 * further by the handler: the meta servers check every inode a request names against the scope,
 * the stores the slot of every block id.
 *
 * <p>Allowed: the file system's metadata requests of a client (lookup … announce opens, not the
 * stores' deletion and orphan requests, not {@code wfs fsck}'s namespace scan, not the
 * per-slot usage of statfs (a scoped mount's statfs is its volume's quota), not setting,
 * removing or listing quotas (reading the quota of a directory in scope is allowed), not the
 * cross-group steps between meta groups); the route and topology reads of the manager (boot
 * route, full route, deltas, volume locations, cluster status); block writes and reads of the
 * stores (not replication between stores, deletions, volume administration or listings); echo.
 * Refused among others: registration and heartbeats of servers, volume state reports, issuing
 * credentials (a scoped client cannot widen its own scope).
 */
public final class ScopedAccess {
    private static final Set<MessageType> ALLOWED = EnumSet.of(
            MessageType.ECHO,
            MessageType.LOOKUP, MessageType.GET_ATTR, MessageType.SET_ATTR, MessageType.MKNOD, MessageType.MKDIR,
            MessageType.UNLINK, MessageType.RMDIR, MessageType.SYMLINK, MessageType.READLINK, MessageType.LINK,
            MessageType.RENAME, MessageType.READDIR, MessageType.GET_XATTR, MessageType.SET_XATTR,
            MessageType.LIST_XATTR, MessageType.REMOVE_XATTR, MessageType.ALLOCATE_BLOCK_IDS,
            MessageType.COMMIT_SLICES, MessageType.GET_SLICES, MessageType.OPEN, MessageType.CLOSE, MessageType.CLOSE_BATCH,
            MessageType.SET_LOCK, MessageType.GET_LOCK, MessageType.SESSION_HEARTBEAT, MessageType.ANNOUNCE_OPENS,
            MessageType.CACHE_LEASE_POLL,
            MessageType.GET_QUOTA,
            MessageType.BOOT_ROUTE, MessageType.FULL_ROUTE, MessageType.ROUTE_DELTA, MessageType.CLUSTER_STATUS,
            MessageType.LOCATE_VOLUME,
            MessageType.WRITE_BLOCK, MessageType.READ_BLOCK);

    private ScopedAccess() {
    }

    public static boolean allows(MessageType type) {
        return ALLOWED.contains(type);
    }

    /**
     * For the stores: a scoped connection may write and read only blocks of its scope's slot
     * (block ids are allocated per slot, and a volume's files allocate from the slot of its quota
     * directory); EACCES otherwise. Nothing for a full-secret connection.
     */
    public static void checkBlock(RequestContext context, long blockId) {
        Scope scope = context.scope();
        if (scope != null && (int) (blockId >>> 52) != scope.slot()) {
            throw new WfsException(WfsErrorCode.EACCES, "block " + Long.toUnsignedString(blockId) + " is outside " + scope);
        }
    }
}
