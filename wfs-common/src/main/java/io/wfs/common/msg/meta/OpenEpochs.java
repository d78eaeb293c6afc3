package io.wfs.common.msg.meta;

/**
 * Why an open or close resent to a group's new leader is not counted twice. A client counts an
 * open before its request leaves and uncounts a close before its request leaves, and tells a new
 * leader what it holds in an announcement ({@link AnnounceOpensRequest}) built from those counts.
 * A request that was counted before the announcement was built, but reaches the new leader after
 * it (it was in flight to the old leader, or refused with OPENS_UNKNOWN and resent), is already in
 * the announcement: counted again, a close would release a file the session still holds open
 * through another handle, and an open would keep a deleted file until the session ends.
 *
 * <p>So the client numbers its announcements: every announcement it builds starts a new <em>open
 * epoch</em> of the session, and every open and close carries the epoch in which the client counted
 * it. A leader remembers the epoch of the announcement it took from each session and counts an
 * open or close only when it was counted in that epoch or later. Epoch 0 marks requests that always
 * count: those of older clients, and closes of opens the client never counted itself (a delegated
 * create's descriptor closed before its batch was answered).
 */
public final class OpenEpochs {
    /** A client's epoch before its first announcement (0 is "always counts"). */
    public static final long FIRST = 1;

    private OpenEpochs() {
    }

    /**
     * Whether an open or close counted by its client in epoch {@code requestEpoch} counts on a
     * leader that took the session's announcement of epoch {@code announcedEpoch} (0: none, or an
     * older client's).
     */
    public static boolean counts(long requestEpoch, long announcedEpoch) {
        return requestEpoch == 0 || requestEpoch >= announcedEpoch;
    }
}
