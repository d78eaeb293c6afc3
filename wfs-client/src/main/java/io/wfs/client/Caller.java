package io.wfs.client;

import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.route.MetaClient;

/**
 * Who performs an operation: the metadata servers check permissions with these ids (the FUSE
 * context's uid, gid and supplementary groups), not the mount's own.
 */
public record Caller(int uid, int gid, int[] groups) {
    public static final Caller ROOT = new Caller(0, 0, new int[0]);

    /** Whether {@code group} is the caller's group or one of its supplementary groups. */
    public boolean inGroup(int group) {
        return io.wfs.common.posix.Groups.member(gid, groups, group);
    }

    MetaHeader mutation(MetaClient meta) {
        return meta.mutation(uid, gid, groups);
    }

    MetaHeader query(MetaClient meta) {
        return meta.query(uid, gid, groups);
    }
}
