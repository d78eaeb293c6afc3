package io.wfs.common.posix;

import java.util.function.IntPredicate;

/**
 * Who may read, write or search an inode, as Linux decides at open time: the meta servers check
 * every request with it, and a client answering an open of a file it created and has not sent yet
 * (AsyncCreates) checks the same, so an open it grants is one the leader would have granted.
 */
public final class AccessRules {
    private AccessRules() {
    }

    /**
     * Whether a caller ({@code callerUid}, its groups by {@code callerInGroup}) has every bit of
     * {@code want} (R_OK, W_OK, X_OK) on an inode of {@code mode}, owned by {@code uid}:{@code gid}.
     */
    public static boolean allowed(int mode, int uid, int gid, int callerUid, IntPredicate callerInGroup, int want) {
        if (callerUid == 0) {
            // Root reads and writes anything; it may execute only what someone may execute (or a directory).
            return (want & Posix.X_OK) == 0 || Posix.isDirectory(mode) || (mode & Posix.S_IXUGO) != 0;
        }
        int bits;
        if (callerUid == uid) {
            bits = (mode >>> 6) & 7;
        } else if (callerInGroup.test(gid)) {
            bits = (mode >>> 3) & 7;
        } else {
            bits = mode & 7;
        }
        return (bits & want) == want;
    }

    /** The bits an open for {@code access} (O_RDONLY, O_WRONLY, O_RDWR) needs. */
    public static int wantedFor(int access) {
        return switch (access) {
            case Posix.O_RDONLY -> Posix.R_OK;
            case Posix.O_WRONLY -> Posix.W_OK;
            default -> Posix.R_OK | Posix.W_OK;
        };
    }
}
