package io.wfs.meta.namespace;

/**
 * The 16 flag bits of an inode record. Bits 0-7 belong to callers (lock, intents); bits 8-15
 * are maintained by the store itself and cannot be set through {@link SlotState#setFlags}.
 */
public final class InodeFlags {
    /**
     * Cross-group operation in progress. The lock time is the intent's (LockIntents), not the
     * inode's mtime (docs/metadata.md, "Lock expiry").
     */
    public static final int LOCK = 1;
    /** Mask of the bits callers may set. */
    public static final int CALLER_MASK = 0xFF;

    /** The file has more than one slice; they live in the slot's overflow map. */
    static final int SLICE_OVERFLOW = 1 << 8;
    /** The inode has at least one extended attribute. */
    static final int HAS_XATTRS = 1 << 9;
    /** seq does not fit 32 bits; the full seq is in the {@link SeqIndex} side maps. */
    static final int BIG_SEQ = 1 << 10;
    /** The directory carries a quota ({@link SlotQuotas}); its whole subtree lives in this slot. */
    static final int QUOTA_ROOT = 1 << 11;

    private InodeFlags() {
    }
}
