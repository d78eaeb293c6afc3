package io.wfs.common.rpc.auth;

/**
 * What a scoped credential may reach: the subtree of the quota directory {@code rootIno}, and
 * whether uid/gid 0 of its callers act as {@code nobody} ({@code rootSquash}). A connection
 * authenticated with the full cluster secret has no scope (null where a scope is asked for).
 */
public record Scope(long rootIno, boolean rootSquash) {
    /** The flag bit of {@link #rootSquash()} in {@link #flags()}; no other bit is defined. */
    public static final int ROOT_SQUASH = 1;
    /** The uid and gid a squashed root acts as (nobody / nogroup). */
    public static final int NOBODY = 65534;
    /** The cluster's root directory, which no scope may name: a scope is a volume, never the whole tree. */
    public static final long CLUSTER_ROOT = 1;

    public Scope {
        if (rootIno == 0 || rootIno == CLUSTER_ROOT) {
            throw new IllegalArgumentException("a scope's root must be a volume's directory, not inode " + rootIno);
        }
    }

    /** The scope carried in a hello ({@code rootIno}, {@code flags}); refuses flag bits this build does not know. */
    public static Scope fromWire(long rootIno, int flags) {
        if ((flags & ~ROOT_SQUASH) != 0) {
            throw new IllegalArgumentException("unknown scope flags " + Integer.toHexString(flags));
        }
        return new Scope(rootIno, (flags & ROOT_SQUASH) != 0);
    }

    public int flags() {
        return rootSquash ? ROOT_SQUASH : 0;
    }

    /** The slot of the scope's root: a quota directory's whole subtree, its files' blocks included, lives in it. */
    public int slot() {
        return (int) (rootIno >>> 52);
    }

    @Override
    public String toString() {
        return "scope(root " + Long.toUnsignedString(rootIno) + (rootSquash ? ", root squash)" : ")");
    }
}
