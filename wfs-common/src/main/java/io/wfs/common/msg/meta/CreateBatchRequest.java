package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.Validate;
import java.util.Arrays;

/**
 * Regular files a session created in one directory under its create delegation, each with the
 * inode number it took from its reserved range: one Raft entry for all of them
 * (docs/metadata.md, "Asynchronous creates"). Names travel concatenated, with their lengths.
 * {@code opens[i]} is 1 when file i is still open for the session (counted as MknodRequest#open
 * counts it), 0 when it was closed before the batch left.
 */
public final class CreateBatchRequest extends InodeRequest<CreateBatchReply> {
    /** Files per batch: a batch is one log entry, so it stays well under the entry size. */
    public static final int MAX_FILES = 1024;

    private long[] inos;
    private byte[] names;
    private int[] nameLengths;
    private int[] modes;
    private byte[] opens;

    public CreateBatchRequest() {
    }

    public CreateBatchRequest(MetaHeader header, long dir, long[] inos, int[] modes, byte[] names, int[] nameLengths,
                              byte[] opens) {
        super(header, dir);
        this.inos = inos;
        this.modes = modes;
        this.names = names;
        this.nameLengths = nameLengths;
        this.opens = opens;
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

    public boolean open(int i) {
        return opens[i] != 0;
    }

    /** The names, one array each, in order. */
    public byte[][] splitNames() {
        byte[][] out = new byte[nameLengths.length][];
        int at = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = Arrays.copyOfRange(names, at, at + nameLengths[i]);
            at += nameLengths[i];
        }
        return out;
    }

    @Override
    public void validate() {
        super.validate();
        MetaHeader.requireSession(header());
        Validate.range(size(), "inos", 1, MAX_FILES);
        int n = size();
        Validate.notNull(modes, "modes");
        Validate.notNull(names, "names");
        Validate.notNull(nameLengths, "nameLengths");
        Validate.notNull(opens, "opens");
        if (modes.length != n || nameLengths.length != n || opens.length != n) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "inos, modes, nameLengths and opens differ in length");
        }
        long total = 0;
        for (int len : nameLengths) {
            Validate.range(len, "name length", 1, MetaNames.MAX_NAME_BYTES);
            total += len;
        }
        if (total != names.length) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "names hold " + names.length + " bytes, lengths add up to " + total);
        }
        for (byte[] name : splitNames()) {
            MetaNames.check(name, "name");
        }
        int dirSlot = (int) (ino() >>> 52);
        for (int i = 0; i < n; i++) {
            // A delegated range is of the directory's slot: a file lives in its parent's slot.
            if ((int) (inos[i] >>> 52) != dirSlot || (inos[i] & ((1L << 52) - 1)) == 0) {
                throw new WfsException(WfsErrorCode.BAD_REQUEST, "inode " + Long.toUnsignedString(inos[i])
                        + " is not of the directory's slot");
            }
            if ((modes[i] & Posix.S_IFMT) != Posix.S_IFREG || (modes[i] & ~(Posix.S_IFMT | Posix.PERMISSION_BITS)) != 0) {
                throw new WfsException(WfsErrorCode.BAD_REQUEST, "a batch creates regular files only, not mode "
                        + Integer.toOctalString(modes[i]));
            }
            Validate.range(opens[i], "opens", 0, 1);
        }
    }
}
