package io.wfs.common.posix;

/**
 * When Linux takes set-user-id and set-group-id away: the meta servers apply it to writes, truncates
 * and chowns, and a client folding a chown into a create it answered itself (AsyncCreates) applies
 * the same, so the mode it tells its application is the mode the file gets.
 */
public final class SetIdRules {
    private SetIdRules() {
    }

    /**
     * The mode after a write or chown of a non-directory: set-user-id always cleared, set-group-id
     * cleared when group-execute is set (otherwise it marks mandatory locking and stays), as Linux does.
     */
    public static int withoutSetIds(int mode) {
        return withoutSetIds(mode, true);
    }

    /**
     * The mode after a write or truncate by a caller without CAP_FSETID: as {@link #withoutSetIds(int)},
     * and set-group-id goes also when the writer is not in the file's group (Linux's
     * setattr_should_drop_sgid since 6.x).
     */
    public static int withoutSetIds(int mode, boolean writerInGroup) {
        int cleared = mode & ~Posix.S_ISUID;
        if ((mode & Posix.S_IXGRP) != 0 || !writerInGroup) {
            cleared &= ~Posix.S_ISGID;
        }
        return cleared;
    }
}
