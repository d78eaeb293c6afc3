package io.wfs.meta.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.meta.namespace.Namespace;

/**
 * The scope of a scoped credential on the meta servers: every inode a request names must be the
 * scope's root or inside its subtree, and every block a commit names must be of the scope's slot;
 * otherwise EACCES, whatever the request (a lookup included: a name the caller may not reach is
 * "permission denied", not "no such file"). The cluster's root (inode 1) is never in a scope.
 *
 * <p>Membership: a scope's root is a quota directory, whose whole subtree (and the blocks of its
 * files) lives in the root's slot; an inode is in scope iff it is of that slot and
 * {@link ScopeMembership#quotaRootOf} answers the scope's root. The slot part needs no lock
 * ({@link #checkSlots}); the membership part is asked under the group's state lock
 * ({@link #checkMembership}). Entries found through an in-scope directory (lookup, readdir) are in
 * its subtree, so replies need no check.
 */
public final class ScopeGuard {
    private final ScopeMembership membership;

    public ScopeGuard(ScopeMembership membership) {
        this.membership = membership;
    }

    /**
     * The inodes {@code request} names; refuses a request type this guard does not know (a new
     * type a scoped connection may send must be added here, or it is refused).
     */
    static long[] namedInodes(MetaRequest<?> request) {
        long[] inos = request.namedInodes();
        if (inos == null) {
            throw new WfsException(WfsErrorCode.EACCES, request.getClass().getSimpleName()
                    + " is not served to scoped credentials");
        }
        // A poll names no inode: it only ever hears of keys this session was leased through in-scope answers.
        return inos;
    }

    /** The checks that need no state: slots of inodes and blocks, the cluster root. Returns the named inodes. */
    long[] checkSlots(Scope scope, MetaRequest<?> request) {
        long[] inos = namedInodes(request);
        for (long ino : inos) {
            if (ino == Scope.CLUSTER_ROOT || (int) (ino >>> 52) != scope.slot()) {
                throw outside(scope, ino);
            }
        }
        if (request instanceof CommitSlicesRequest c && c.slices() != null) {
            // A block of another slot would let the mount delete or read another volume's data later.
            for (SliceInfo s : c.slices()) {
                if ((int) (s.blockId() >>> 52) != scope.slot()) {
                    throw new WfsException(WfsErrorCode.EACCES, "block " + Long.toUnsignedString(s.blockId())
                            + " is outside " + scope);
                }
            }
        }
        return inos;
    }

    /** Under the group's state lock: every inode in the scope's subtree. */
    void checkMembership(Scope scope, long[] inos, Namespace namespace) {
        for (long ino : inos) {
            if (!namespace.contains(ino) || membership.quotaRootOf(namespace, ino) != scope.rootIno()) {
                throw outside(scope, ino);
            }
        }
    }

    private static WfsException outside(Scope scope, long ino) {
        return new WfsException(WfsErrorCode.EACCES, "inode " + Long.toUnsignedString(ino) + " is outside " + scope);
    }
}
