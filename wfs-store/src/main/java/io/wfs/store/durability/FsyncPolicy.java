package io.wfs.store.durability;

import java.util.Locale;

/** Values of {@code store.fsync}. */
public enum FsyncPolicy {
    /** fsync after every block, before it is acknowledged. */
    WRITE,
    /** One fsync covers the blocks that arrived during a short window (and while the previous fsync ran). */
    GROUP,
    /** No fsync: acknowledged from the page cache (survives a process crash, not a power loss). */
    NONE;

    public static FsyncPolicy parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store.fsync must be write, group or none (got '" + text + "')");
        }
    }
}
