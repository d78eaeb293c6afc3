package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.Validate;
import java.util.Arrays;
import java.util.List;

/**
 * Regular files a session created in one directory under its create delegation, each with the
 * inode number it took from its reserved range: one Raft entry for all of them
 * (docs/metadata.md, "Asynchronous creates"). Names travel concatenated, with their lengths.
 * {@code opens[i]} is how many descriptors of the session hold file i open when the batch leaves
 * (its create's, and opens the client answered itself before the batch left, e.g. rsync's second
 * open of its temporary file; each counted as OpenRequest counts one), 0 when all were closed. A file written before its batch left
 * carries its commit too ({@code sliceCounts[i]} of {@code slices}, in order, and {@code sizes[i]}),
 * applied as CommitSlicesRequest would: a small file written and closed is one entry with its
 * neighbours. Without commits, sliceCounts, slices and sizes are empty.
 * {@code times[i]} is when the client answered file i's create, {@code commitTimes[i]} when its
 * commit rode along: the times the application was told (the servers keep the leader's clock
 * instead when a client's is more than a minute off).
 *
 * <p>A file whose owner, mode or times its application changed before the batch left (tar sets
 * them on the open file: utimens, fchown, fchmod) carries the change folded in: {@code modes[i]}
 * is its mode after the change, {@code ownerUids[i]}/{@code ownerGids[i]} its owner,
 * {@code setAtimes[i]}/{@code setMtimes[i]} the times it set ({@link #KEEP_TIME}: none, the
 * create's or the commit's stay), and {@code changeTimes[i]} when it was changed, its ctime (0: file
 * i was not changed). The servers allow what setattr would allow its creator. Without any change
 * in the batch, those five are empty.
 *
 * <p>A batch also carries the unlinks its session answered itself in the directory
 * ({@code removedNames}, concatenated, with {@code removedLengths}; {@code removedInos[i]} is the
 * file the name must still lead to): regular files it created there under the delegation, applied
 * before the batch's creates, each as UnlinkRequest would, each failing alone (their errors follow
 * the files' in the reply). A batch has at least one file or one unlink.
 *
 * <p>A directory the session made in the directory under the delegation travels as a file does,
 * with its mode's type {@code S_IFDIR} and its number from the grant's range for directories (of
 * another slot of the group: docs/metadata.md, "Asynchronous mkdir"); it is never open, written
 * or changed.
 */
public final class CreateBatchRequest extends InodeRequest<CreateBatchReply> {
    /** Files per batch: a batch is one log entry, so it stays well under the entry size. */
    public static final int MAX_FILES = 1024;
    /** In {@code setAtimes}/{@code setMtimes}: the file's time was not set by a change. */
    public static final long KEEP_TIME = Long.MIN_VALUE;
    /** Descriptors of one file a batch may count as open (a client opens more of them the usual way, after the batch). */
    public static final int MAX_OPENS = Byte.MAX_VALUE;

    private long[] inos;
    private byte[] names;
    private int[] nameLengths;
    private int[] modes;
    private byte[] opens;
    private int[] sliceCounts;
    private List<SliceInfo> slices;
    private long[] sizes;
    private long[] times;
    private long[] commitTimes;
    private int[] ownerUids;
    private int[] ownerGids;
    private long[] setAtimes;
    private long[] setMtimes;
    private long[] changeTimes;
    private byte[] removedNames;
    private int[] removedLengths;
    private long[] removedInos;

    public CreateBatchRequest() {
    }

    public CreateBatchRequest(MetaHeader header, long dir, long[] inos, int[] modes, byte[] names, int[] nameLengths,
                              byte[] opens) {
        this(header, dir, inos, modes, names, nameLengths, opens, new int[0], List.of(), new long[0], new long[0],
                new long[0]);
    }

    public CreateBatchRequest(MetaHeader header, long dir, long[] inos, int[] modes, byte[] names, int[] nameLengths,
                              byte[] opens, int[] sliceCounts, List<SliceInfo> slices, long[] sizes, long[] times,
                              long[] commitTimes) {
        super(header, dir);
        this.inos = inos;
        this.modes = modes;
        this.names = names;
        this.nameLengths = nameLengths;
        this.opens = opens;
        this.sliceCounts = sliceCounts;
        // As protostuff reads it back: an empty list travels as none.
        this.slices = slices == null || slices.isEmpty() ? null : slices;
        this.sizes = sizes;
        this.times = times;
        this.commitTimes = commitTimes;
    }

    /**
     * Folds the changes of the batch's files into it: one value per file in each array (see the class
     * comment), or all empty when no file of the batch was changed.
     */
    public CreateBatchRequest withChanges(int[] uids, int[] gids, long[] atimes, long[] mtimes, long[] changedAt) {
        this.ownerUids = uids;
        this.ownerGids = gids;
        this.setAtimes = atimes;
        this.setMtimes = mtimes;
        this.changeTimes = changedAt;
        return this;
    }

    /** Adds the unlinks the session answered itself: names (concatenated, with their lengths) and the files they lead to. */
    public CreateBatchRequest withRemovals(byte[] names, int[] lengths, long[] inos) {
        this.removedNames = names;
        this.removedLengths = lengths;
        this.removedInos = inos;
        return this;
    }

    /** The number of unlinks in the batch. */
    public int removals() {
        return removedInos == null ? 0 : removedInos.length;
    }

    /** The file unlink i must remove (its name leads elsewhere: the unlink fails). */
    public long removedIno(int i) {
        return removedInos[i];
    }

    /** The names of the unlinks, in order. */
    public byte[][] splitRemovedNames() {
        return split(removedNames, removedLengths);
    }

    /** True when file i's owner, mode or times were changed before the batch left. */
    public boolean changed(int i) {
        return changeTimes != null && changeTimes.length > 0 && changeTimes[i] != 0;
    }

    public int ownerUid(int i) {
        return ownerUids[i];
    }

    public int ownerGid(int i) {
        return ownerGids[i];
    }

    /** The atime file i's change set, or {@link #KEEP_TIME}. */
    public long setAtime(int i) {
        return setAtimes[i];
    }

    /** The mtime file i's change set, or {@link #KEEP_TIME}. */
    public long setMtime(int i) {
        return setMtimes[i];
    }

    /** When file i was last changed (its ctime), 0 when it was not. */
    public long changeTime(int i) {
        return changeTimes[i];
    }

    /** When the client created file i, or 0 when the batch carries no times (the leader's clock then). */
    public long time(int i) {
        return times == null || times.length == 0 ? 0 : times[i];
    }

    /** When file i's riding commit was made, or 0. */
    public long commitTime(int i) {
        return commitTimes == null || commitTimes.length == 0 ? 0 : commitTimes[i];
    }

    /** True when file i carries a commit (slices or a size). */
    public boolean commits(int i) {
        return sizes != null && sizes.length > 0 && (sliceCounts[i] > 0 || sizes[i] > 0);
    }

    /** The slices of file i's commit, in order. */
    public List<SliceInfo> slicesOf(int i) {
        int from = 0;
        for (int k = 0; k < i; k++) {
            from += sliceCounts[k];
        }
        return slices().subList(from, from + sliceCounts[i]);
    }

    public long size(int i) {
        return sizes[i];
    }

    private List<SliceInfo> slices() {
        return slices == null ? List.of() : slices; // protostuff reads an empty list as null
    }

    public int size() {
        return inos == null ? 0 : inos.length;
    }

    public long ino(int i) {
        return inos[i];
    }

    public long[] inos() {
        return inos == null ? new long[0] : inos;
    }

    public int mode(int i) {
        return modes[i];
    }

    /** How many descriptors of the session hold file i open (0: none). */
    public int opens(int i) {
        return opens[i];
    }

    /** The names, one array each, in order. */
    public byte[][] splitNames() {
        return split(names, nameLengths);
    }

    private static byte[][] split(byte[] all, int[] lengths) {
        if (lengths == null) {
            return new byte[0][];
        }
        byte[][] out = new byte[lengths.length][];
        int at = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = Arrays.copyOfRange(all, at, at + lengths[i]);
            at += lengths[i];
        }
        return out;
    }

    /** Names concatenated in {@code all} with {@code lengths}: each a valid name, the lengths adding up. */
    private static void validateNames(byte[] all, int[] lengths, String what) {
        long total = 0;
        for (int len : lengths) {
            Validate.range(len, what + " length", 1, MetaNames.MAX_NAME_BYTES);
            total += len;
        }
        if (total != all.length) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, what + "s hold " + all.length + " bytes, lengths add up to " + total);
        }
        for (byte[] name : split(all, lengths)) {
            MetaNames.check(name, what);
        }
    }

    /** Unlinks: none, or a name and a file for each. */
    private void validateRemovals() {
        if (removedNames == null && removedLengths == null && removedInos == null) {
            return;
        }
        Validate.notNull(removedNames, "removedNames");
        Validate.notNull(removedLengths, "removedLengths");
        Validate.notNull(removedInos, "removedInos");
        if (removedLengths.length != removedInos.length) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "removedLengths and removedInos differ in length");
        }
        Validate.range(removedInos.length, "removals", 0, MAX_FILES);
        validateNames(removedNames, removedLengths, "removed name");
    }

    /** Commits: none at all, or a slice count and a size per file whose counts add up to the slices. */
    private void validateCommits(int n) {
        int[] counts = sliceCounts == null ? new int[0] : sliceCounts;
        long[] s = sizes == null ? new long[0] : sizes;
        if (counts.length == 0 && s.length == 0 && slices().isEmpty()) {
            return;
        }
        if (counts.length != n || s.length != n) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "sliceCounts and sizes must name every file of the batch");
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            Validate.range(counts[i], "slice count", 0, CommitSlicesRequest.MAX_SLICES);
            Validate.range(s[i], "size", 0, Long.MAX_VALUE);
            total += counts[i];
        }
        Validate.range(slices().size(), "slices", total, total);
        Validate.range(total, "slices", 0, CommitSlicesRequest.MAX_SLICES);
        for (SliceInfo slice : slices()) {
            SliceInfo.validate(slice);
        }
    }

    /** Changes: none at all, or one owner, two times and a change time per file. */
    private void validateChanges(int n) {
        int lengths = (ownerUids == null ? 0 : ownerUids.length) + (ownerGids == null ? 0 : ownerGids.length)
                + (setAtimes == null ? 0 : setAtimes.length) + (setMtimes == null ? 0 : setMtimes.length)
                + (changeTimes == null ? 0 : changeTimes.length);
        if (lengths == 0) {
            return;
        }
        if (lengths != 5 * n || ownerUids.length != n || ownerGids.length != n || setAtimes.length != n
                || setMtimes.length != n || changeTimes.length != n) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST,
                    "ownerUids, ownerGids, setAtimes, setMtimes and changeTimes must name every file of the batch");
        }
        for (int i = 0; i < n; i++) {
            Validate.range(changeTimes[i], "change time", 0, Long.MAX_VALUE);
        }
    }

    @Override
    public void validate() {
        super.validate();
        MetaHeader.requireSession(header());
        validateRemovals();
        Validate.range(size(), "inos", removals() == 0 ? 1 : 0, MAX_FILES);
        int n = size();
        if (n == 0) {
            // Unlinks only: protostuff reads the empty arrays of the files back as none.
            modes = modes == null ? new int[0] : modes;
            names = names == null ? new byte[0] : names;
            nameLengths = nameLengths == null ? new int[0] : nameLengths;
            opens = opens == null ? new byte[0] : opens;
        }
        Validate.notNull(modes, "modes");
        Validate.notNull(names, "names");
        Validate.notNull(nameLengths, "nameLengths");
        Validate.notNull(opens, "opens");
        if (modes.length != n || nameLengths.length != n || opens.length != n) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "inos, modes, nameLengths and opens differ in length");
        }
        validateNames(names, nameLengths, "name");
        validateCommits(n);
        long[] t = times == null ? new long[0] : times;
        long[] c = commitTimes == null ? new long[0] : commitTimes;
        if ((t.length != 0 && t.length != n) || (c.length != 0 && c.length != (sizes == null ? 0 : sizes.length))) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "times and commitTimes must name every file (commit) of the batch");
        }
        validateChanges(n);
        int dirSlot = (int) (ino() >>> 52);
        for (int i = 0; i < n; i++) {
            // A delegated range for files is of the directory's slot: a file lives in its parent's slot.
            // One for directories is of another slot of the group (the apply checks it is the group's).
            boolean directory = (modes[i] & Posix.S_IFMT) == Posix.S_IFDIR;
            if ((!directory && (int) (inos[i] >>> 52) != dirSlot) || (inos[i] & ((1L << 52) - 1)) == 0) {
                throw new WfsException(WfsErrorCode.BAD_REQUEST, "inode " + Long.toUnsignedString(inos[i])
                        + " is not of the directory's slot");
            }
            int type = modes[i] & Posix.S_IFMT;
            if ((type != Posix.S_IFREG && type != Posix.S_IFDIR) || (modes[i] & ~(Posix.S_IFMT | Posix.PERMISSION_BITS)) != 0) {
                throw new WfsException(WfsErrorCode.BAD_REQUEST, "a batch creates regular files and directories only,"
                        + " not mode " + Integer.toOctalString(modes[i]));
            }
            if (type == Posix.S_IFDIR && (opens[i] != 0 || commits(i) || changed(i))) {
                throw new WfsException(WfsErrorCode.BAD_REQUEST, "a directory in a batch is neither open, written nor changed");
            }
            Validate.range(opens[i], "opens", 0, MAX_OPENS);
        }
    }
}
