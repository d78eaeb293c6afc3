package io.wfs.common.route;

/**
 * The files a session holds open, as its client knows them: what it announces to a group's new
 * leader ({@link MetaClient}, {@code AnnounceOpensRequest}).
 */
@FunctionalInterface
public interface HeldOpens {
    /** A session that holds nothing open (a meta server's own client for the other groups). */
    HeldOpens NONE = group -> new Held(new long[0], new int[0]);

    /** Inodes and open counts, equal lengths. */
    record Held(long[] inos, int[] counts) {
    }

    /** The inodes of {@code group} (by the current slot map) this session holds open, with their counts. */
    Held in(SlotMap.Group group);
}
