package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * A page of a slot scan, as parallel arrays (one element per inode, one per entry) so a page of
 * thousands of inodes costs a few arrays rather than thousands of objects on both sides.
 * A directory whose entries continue on the next page is not listed again there: that page
 * starts with the rest of its entries. {@link #nextPosition} is -1 when the slot is done.
 */
public final class ScanInodesReply implements Response {
    /** {@link #states} bit: the inode carries the lock flag of a cross-group operation. */
    public static final int LOCKED = 1;
    /** {@link #states} bit: the group lists the inode as an orphan (its last name went while open). */
    public static final int ORPHAN = 2;
    /** {@link #states} bit: a session holds the inode open on the leader that answered. */
    public static final int HELD_OPEN = 4;
    /**
     * {@link #states} bit: the leader that answered may not release it yet, whoever holds it: it
     * started leading recently and is waiting for the sessions to re-announce their open files.
     */
    public static final int RELEASE_WAITS = 8;

    private long[] inos;
    private int[] modes;
    private int[] nlinks;
    private long[] parents;
    private long[] sizes;
    private int[] states;
    /** The lock time of the cross-group intent on the inode (leader clock), 0 when there is none. */
    private long[] intentTimesNs;
    private long[] entryDirs;
    private long[] entryInos;
    private int[] entryTypes;
    private int nextPosition;
    private long nextCookie;
    private long leaderTimeNs;

    public ScanInodesReply() {
    }

    public ScanInodesReply(long[] inos, int[] modes, int[] nlinks, long[] parents, long[] sizes, int[] states,
                           long[] intentTimesNs, long[] entryDirs, long[] entryInos, int[] entryTypes,
                           int nextPosition, long nextCookie, long leaderTimeNs) {
        this.inos = inos;
        this.modes = modes;
        this.nlinks = nlinks;
        this.parents = parents;
        this.sizes = sizes;
        this.states = states;
        this.intentTimesNs = intentTimesNs;
        this.entryDirs = entryDirs;
        this.entryInos = entryInos;
        this.entryTypes = entryTypes;
        this.nextPosition = nextPosition;
        this.nextCookie = nextCookie;
        this.leaderTimeNs = leaderTimeNs;
    }

    // protostuff reads an empty array as null.
    private static long[] orEmpty(long[] a) {
        return a == null ? new long[0] : a;
    }

    private static int[] orEmpty(int[] a) {
        return a == null ? new int[0] : a;
    }

    public long[] inos() {
        return orEmpty(inos);
    }

    public int[] modes() {
        return orEmpty(modes);
    }

    public int[] nlinks() {
        return orEmpty(nlinks);
    }

    public long[] parents() {
        return orEmpty(parents);
    }

    public long[] sizes() {
        return orEmpty(sizes);
    }

    public int[] states() {
        return orEmpty(states);
    }

    public long[] intentTimesNs() {
        return orEmpty(intentTimesNs);
    }

    public long[] entryDirs() {
        return orEmpty(entryDirs);
    }

    public long[] entryInos() {
        return orEmpty(entryInos);
    }

    public int[] entryTypes() {
        return orEmpty(entryTypes);
    }

    /** Where the next page starts, or -1 when the slot has no more inodes. */
    public int nextPosition() {
        return nextPosition;
    }

    /** The entry cookie the next page resumes the directory at {@link #nextPosition} from (0 = start). */
    public long nextCookie() {
        return nextCookie;
    }

    /** The answering leader's clock, against which intent times are compared. */
    public long leaderTimeNs() {
        return leaderTimeNs;
    }
}
