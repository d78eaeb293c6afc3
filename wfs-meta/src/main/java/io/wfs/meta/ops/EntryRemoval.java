package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
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
        Permissions.require(dir, ctx.caller(), Posix.X_OK);
        long child = ctx.slotOf(dir.ino()).lookup(dir.ino(), name);
        if (child == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "no entry");
        }
        Permissions.require(dir, ctx.caller(), Posix.W_OK | Posix.X_OK);
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
     * file loses a link (see {@link #dropFileLink}).
     */
    static void dropName(MetaContext ctx, InodeAttributes victim, long fromDir) {
        try {
            if (FileType.isDirectory(victim.mode())) {
                ctx.slotOf(victim.ino()).removeInode(victim.ino(), ctx.freedBlocks());
                SlotState dirSlot = ctx.slotOf(fromDir);
                dirSlot.setNlink(fromDir, dirSlot.nlink(fromDir) - 1);
            } else {
                dropFileLink(ctx, victim);
            }
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
    }

    /**
     * A non-directory loses one link: at zero it is deleted with its blocks, unless a session
     * holds it open, then it lives on nameless (an orphan) until the last close.
     */
    static void dropFileLink(MetaContext ctx, InodeAttributes victim) {
        SlotState slot = ctx.slotOf(victim.ino());
        if (victim.nlink() > 1) {
            slot.setNlink(victim.ino(), victim.nlink() - 1);
            slot.setCtime(victim.ino(), ctx.timeNs());
        } else if (ctx.clients().openFiles().isOpen(victim.ino())) {
            slot.setNlink(victim.ino(), 0);
            slot.setCtime(victim.ino(), ctx.timeNs());
            ctx.clients().openFiles().orphan(victim.ino());
        } else {
            slot.removeInode(victim.ino(), ctx.freedBlocks());
        }
    }
}
