package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.lock.HeldLock;
import io.wfs.common.rpc.Validate;
import java.util.List;

/**
 * A session's open files in the group owning {@code slot}: each inode with its number of open
 * handles, and its locks on them. Opens, closes and locks are not Raft entries; the group's leader
 * keeps them in memory, so a new leader learns them from this announcement, which every session sends before its first other
 * request to that leader (the leader answers {@code OPENS_UNKNOWN} until then).
 */
public final class AnnounceOpensRequest extends SlotRequest<OkReply> {
    /** More open files than one session can have (the kernel's file-max is in this range). */
    public static final int MAX_INODES = 1 << 20;

    private long[] inos;
    private int[] counts;
    /** False for a session that never opens files (a meta server's own client for the other groups). */
    private boolean opensFiles;
    /** The session's locks on the group's inodes, packed ({@link HeldLock}); appended, absent from older clients. */
    private byte[] locks;
    /**
     * Appended: the session's open epoch this announcement starts ({@link OpenEpochs}); the opens
     * and closes its client counted before it are in it. 0 from older clients.
     */
    private long openEpoch;

    public AnnounceOpensRequest() {
    }

    public AnnounceOpensRequest(MetaHeader header, int slot, long[] inos, int[] counts, boolean opensFiles) {
        super(header, slot);
        this.inos = inos;
        this.counts = counts;
        this.opensFiles = opensFiles;
    }

    public AnnounceOpensRequest(MetaHeader header, int slot, long[] inos, int[] counts, boolean opensFiles, List<HeldLock> locks) {
        this(header, slot, inos, counts, opensFiles);
        this.locks = locks.isEmpty() ? null : HeldLock.encode(locks);
    }

    /** This announcement, starting open epoch {@code epoch}. */
    public AnnounceOpensRequest atOpenEpoch(long epoch) {
        this.openEpoch = epoch;
        return this;
    }

    public long openEpoch() {
        return openEpoch;
    }

    /** The locks the session holds on the group's inodes. */
    public List<HeldLock> locks() {
        return HeldLock.decode(locks);
    }

    public boolean opensFiles() {
        return opensFiles;
    }

    public long[] inos() {
        return inos == null ? new long[0] : inos;
    }

    public int[] counts() {
        return counts == null ? new int[0] : counts;
    }

    @Override
    public void validate() {
        super.validate();
        MetaHeader.requireSession(header());
        long[] i = inos();
        int[] c = counts();
        Validate.range(i.length, "inos", 0, MAX_INODES);
        if (i.length != c.length) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "inos and counts differ in length: " + i.length + " vs " + c.length);
        }
        for (int k = 0; k < c.length; k++) {
            if (c[k] <= 0) {
                throw new WfsException(WfsErrorCode.BAD_REQUEST, "open count of inode " + i[k] + " must be positive, is " + c[k]);
            }
        }
        HeldLock.decode(locks);
        Validate.range(openEpoch, "openEpoch", 0, Long.MAX_VALUE);
    }

    @Override
    public long[] namedInodes() {
        return inos();
    }
}
