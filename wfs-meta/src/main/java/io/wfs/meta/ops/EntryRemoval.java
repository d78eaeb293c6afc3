package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;
import io.wfs.meta.namespace.SlotState;

/** The rules for taking a name out of a directory, shared by unlink, rmdir and rename over a target. */
final class EntryRemoval {
    private EntryRemoval() {
    }

    /**
     * The child {@code name} of {@code dir} after the permission, sticky and lock checks; ENOENT when
     * absent. Linux (may_delete) answers ENOENT before EACCES for a missing name in a directory the
     * caller may search but not write; looking the name up needs only search permission.
     */
    static InodeAttributes checkRemovable(MetaContext ctx, InodeAttributes dir, byte[] name) {
        Permissions.require(dir, ctx.caller(), Permissions.EXECUTE);
        long child = ctx.slotOf(dir.ino()).lookup(dir.ino(), name);
        if (child == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "no entry");
        }
        Permissions.require(dir, ctx.caller(), Permissions.WRITE | Permissions.EXECUTE);
        ctx.requireUnlocked(dir);
        if (!ctx.owns(child)) {
            throw new WfsException(WfsErrorCode.EXDEV, "the entry's inode lives in another group");
        }
        InodeAttributes victim = ctx.attributes(child);
        Permissions.requireStickyAllows(dir, victim, ctx.caller());
        ctx.requireUnlocked(victim);
        return victim;
    }

    /** A directory may be removed only when empty. */
    static void checkEmptyDirectory(MetaContext ctx, InodeAttributes dir) {
        if (ctx.slotOf(dir.ino()).directory(dir.ino()).count() != 0) {
            throw new WfsException(WfsErrorCode.ENOTEMPTY, "directory not empty");
        }
    }

    /**
     * One name of {@code victim} is gone: a directory is deleted (its parent loses a link), a
     * file loses a link and is deleted with its blocks at zero, unless it is open (then orphaned).
     */
    static void dropName(MetaContext ctx, InodeAttributes victim, long fromDir) {
        SlotState slot = ctx.slotOf(victim.ino());
        try {
            if (FileType.isDirectory(victim.mode())) {
                slot.removeInode(victim.ino(), ctx.freedBlocks());
                SlotState dirSlot = ctx.slotOf(fromDir);
                dirSlot.setNlink(fromDir, dirSlot.nlink(fromDir) - 1);
            } else if (victim.nlink() <= 1 && ctx.clients().openFiles().isOpen(victim.ino())) {
                // Open somewhere: the file lives on, nameless, until its last close or its sessions expire.
                slot.setNlink(victim.ino(), 0);
                slot.setCtime(victim.ino(), ctx.timeNs());
                ctx.clients().openFiles().orphan(victim.ino());
            } else if (victim.nlink() <= 1) {
                slot.removeInode(victim.ino(), ctx.freedBlocks());
            } else {
                slot.setNlink(victim.ino(), victim.nlink() - 1);
                slot.setCtime(victim.ino(), ctx.timeNs());
            }
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
    }
}
