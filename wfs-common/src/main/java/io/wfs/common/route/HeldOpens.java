package io.wfs.common.route;

/**
 * The files a session holds open and its locks, as its client knows them: what it announces to a group's new
 * leader ({@link MetaClient}, {@code AnnounceOpensRequest}).
 */
public interface HeldOpens {
    /** A session that holds nothing open (a meta server's own client for the other groups). */
    HeldOpens NONE = new HeldOpens() {
        @Override
        public Held in(SlotMap.Group group) {
            return new Held(new long[0], new int[0], java.util.List.of(), 0);
        }

        @Override
        public boolean opensFiles() {
            return false;
        }
    };

    /**
     * Inodes and open counts (equal lengths), and the locks held on the group's inodes, as of the
     * start of open epoch {@code openEpoch} (io.wfs.common.msg.meta.OpenEpochs; 0: not numbered).
     */
    record Held(long[] inos, int[] counts, java.util.List<io.wfs.common.lock.HeldLock> locks, long openEpoch) {
    }

    /**
     * The inodes of {@code group} (by the current slot map) this session holds open, with their
     * counts, for an announcement: each call starts a new open epoch of the session.
     */
    Held in(SlotMap.Group group);

    /**
     * Whether this session ever opens files. A group's new leader waits (up to its re-announce
     * window) for every session that does to announce before it releases any orphan.
     */
    default boolean opensFiles() {
        return true;
    }
}
