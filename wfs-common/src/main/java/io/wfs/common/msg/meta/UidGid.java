package io.wfs.common.msg.meta;

/**
 * A user id and a group id: whom a request acts for ({@link MetaHeader}), who owns an inode
 * ({@link InodeAttr}), who a new inode will belong to ({@link CreateLockedRequest}). The pair is
 * declared here once; a subclass's own fields follow it on the wire (protostuff numbers a
 * superclass's fields first: uid is 1, gid 2).
 */
public class UidGid {
    private int uid;
    private int gid;

    public UidGid() {
    }

    public UidGid(int uid, int gid) {
        this.uid = uid;
        this.gid = gid;
    }

    public int uid() {
        return uid;
    }

    public int gid() {
        return gid;
    }
}
