package io.wfs.common.posix;

/** Group membership as POSIX checks it: the primary group, or one of the supplementary groups. */
public final class Groups {
    private Groups() {
    }

    /** Whether a caller with primary group {@code gid} and supplementary {@code groups} is in {@code group}. */
    public static boolean member(int gid, int[] groups, int group) {
        if (gid == group) {
            return true;
        }
        for (int g : groups) {
            if (g == group) {
                return true;
            }
        }
        return false;
    }
}
