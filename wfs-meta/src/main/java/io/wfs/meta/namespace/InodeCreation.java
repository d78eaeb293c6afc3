package io.wfs.meta.namespace;

import io.wfs.common.posix.Posix;

/**
 * How a slot makes a new inode record: its number (allocated, or reserved earlier for a create
 * delegation), the record's first words, a directory's empty entries, a device's number or a
 * symlink's target, and its count against the directory quota above it. {@link SlotState}'s
 * create methods come here; removal stays there, with the rest of an inode's life.
 */
final class InodeCreation {
    private final SlotState state;

    InodeCreation(SlotState state) {
        this.state = state;
    }

    /** An inode (not a symlink) with nlink 1 (2 for a directory) and all times = timeNs; rdev kept for devices only. */
    long createInode(int mode, int uid, int gid, long parent, long timeNs, long rdev) {
        FileType.checkValid(mode);
        if (FileType.isSymlink(mode)) {
            throw new IllegalArgumentException("use createSymlink");
        }
        DirectoryQuota quota = state.quotas.checkGrowth(parent, 0, 1);
        return newInode(state.allocateIds(1), quota, mode, uid, gid, parent, timeNs, rdev);
    }

    /**
     * Creates a regular file or a directory under a number reserved earlier ({@link SlotState#allocateIds})
     * for a create delegation: EINVAL for a number this slot never handed out or one in use, so a
     * client can neither take a number ahead of the slot nor reuse a live inode's.
     */
    long createReserved(long ino, int mode, int uid, int gid, long parent, long timeNs) {
        long seq = InodeNumbers.seqOf(ino);
        if (InodeNumbers.slotOf(ino) != state.slot() || seq >= state.nextSeq() || state.index.find(seq) >= 0
                || !(FileType.isRegular(mode) || FileType.isDirectory(mode))) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "inode " + InodeNumbers.toString(ino)
                    + " was not reserved in slot " + state.slot() + " or is in use");
        }
        return newInode(ino, state.quotas.checkGrowth(parent, 0, 1), mode, uid, gid, parent, timeNs, 0);
    }

    private long newInode(long ino, DirectoryQuota quota, int mode, int uid, int gid, long parent, long timeNs, long rdev) {
        long seq = InodeNumbers.seqOf(ino);
        int pos = state.table.allocate();
        boolean directory = FileType.isDirectory(mode);
        state.table.set(pos, InodeRecord.MODE_FLAGS_NLINK, InodeRecord.packModeFlagsNlink(mode, 0, directory ? 2 : 1));
        state.table.set(pos, InodeRecord.OWNER, InodeRecord.packHalves(uid, gid));
        state.table.set(pos, InodeRecord.ATIME, timeNs);
        state.table.set(pos, InodeRecord.MTIME, timeNs);
        state.table.set(pos, InodeRecord.CTIME, timeNs);
        state.table.set(pos, InodeRecord.PARENT, parent);
        state.index.add(seq, pos);
        if (directory) {
            DirectoryEntries entries = new DirectoryEntries();
            entries.epoch = state.epoch();
            state.directories.put(seq, entries);
        } else if (FileType.isDevice(mode)) {
            state.extras.setDeviceNumber(seq, rdev);
        }
        if (quota != null) {
            quota.add(0, 1);
        }
        return ino;
    }

    /** A symlink (mode 0777, size = target length). */
    long createSymlink(int uid, int gid, long parent, long timeNs, byte[] target) {
        if (target.length == 0) {
            throw new NamespaceException(NamespaceException.Code.ENOENT, "empty symlink target");
        }
        if (target.length > SlotState.MAX_SYMLINK_BYTES) {
            throw new NamespaceException(NamespaceException.Code.ENAMETOOLONG, "symlink target of " + target.length + " bytes");
        }
        DirectoryQuota quota = state.quotas.checkGrowth(parent, 0, 1);
        long ino = newInode(state.allocateIds(1), quota, Posix.S_IFLNK | Posix.ACCESSPERMS, uid, gid, parent, timeNs, 0);
        state.table.set(state.position(ino), InodeRecord.SIZE, target.length);
        state.extras.setSymlinkTarget(InodeNumbers.seqOf(ino), target.clone());
        return ino;
    }
}
