package io.wfs.meta.server;

import io.wfs.meta.namespace.Namespace;

/**
 * Which volume an inode belongs to, for the scope checks of {@link ScopeGuard}: the inode of the
 * quota directory whose subtree holds {@code ino} ({@code ino} itself for a quota directory), 0
 * if none. Asked under the group's state lock, for an inode of a slot the group owns.
 */
@FunctionalInterface
public interface ScopeMembership {
    long quotaRootOf(Namespace namespace, long ino);
}
