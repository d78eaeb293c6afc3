package io.wfs.meta.ops;

import io.wfs.common.msg.meta.MetaHeader;

/** The user a request acts for (from the FUSE context of the calling process), and its client session (0: none). */
public record Caller(int uid, int gid, int[] groups, long session) {
    public static Caller of(MetaHeader h) {
        return new Caller(h.uid(), h.gid(), h.groups(), h.session());
    }

    public boolean isRoot() {
        return uid == 0;
    }

    /** Primary or supplementary member of {@code group}. */
    public boolean inGroup(int group) {
        return io.wfs.common.posix.Groups.member(gid, groups, group);
    }
}
