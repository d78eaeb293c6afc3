package io.wfs.meta.server;

import io.wfs.meta.namespace.Namespace;
import io.wfs.meta.namespace.SlotState;

/**
 * Which volume an inode belongs to, for the scope checks of {@link ScopeGuard}: the inode of the
 * quota directory whose subtree holds {@code ino} ({@code ino} itself for a quota directory), 0
 * if none. Asked under the group's state lock.
 */
@FunctionalInterface
public interface ScopeMembership {
    long quotaRootOf(Namespace namespace, long ino);

    /**
     * The quotas of the slots ({@link SlotState#quotaRootOf}). A file whose last name went (an
     * orphan, still open somewhere) no longer counts against a quota, but its holder must still
     * read, write and close it: it belongs to the quota of the directory it was unlinked from, as
     * long as that directory exists.
     */
    ScopeMembership QUOTA_DIRECTORIES = (namespace, ino) -> {
        if (!namespace.contains(ino)) {
            return 0;
        }
        SlotState slot = namespace.slotOf(ino);
        long root = slot.quotaRootOf(ino);
        if (root == 0 && slot.nlink(ino) == 0) {
            long parent = slot.parent(ino);
            root = parent != ino && slot.contains(parent) ? slot.quotaRootOf(parent) : 0;
        }
        return root;
    };
}
