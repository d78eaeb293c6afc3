package io.wfs.meta.model;

import io.wfs.common.msg.meta.MetaHeader;

/** A user of the model: uid, primary gid and supplementary groups, as the FUSE context gives them. */
record ModelCaller(int uid, int gid, int... groups) {
    boolean isRoot() {
        return uid == 0;
    }

    boolean inGroup(int group) {
        return io.wfs.common.posix.Groups.member(gid, groups, group);
    }

    MetaHeader header() {
        return new MetaHeader(uid, gid, groups.clone());
    }

    @Override
    public String toString() {
        return "uid " + uid;
    }
}
