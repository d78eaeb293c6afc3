package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * The attributes and slice list of a regular file (read path). With {@link #opens()} it is also
 * the open of the file for this session (as {@link OpenRequest}, access from {@link #openFlags()}):
 * one round trip and one request for the leader instead of two.
 */
public final class GetSlicesRequest extends InodeRequest<SlicesReply> {
    /** Appended: also open the file (the reply's {@code opened} says a server that knows this did). */
    private boolean opens;
    /** Appended: the access mode of that open, as {@link OpenRequest#flags()}. */
    private int openFlags;
    /** Appended: that open's epoch, as {@link OpenRequest#openEpoch()}. */
    private long openEpoch;

    public GetSlicesRequest() {
    }

    public GetSlicesRequest(MetaHeader header, long ino) {
        super(header, ino);
    }

    /** Opens {@code ino} for the header's session with access {@code flags} (0 read, 1 write, 2 both) and fetches its slices. */
    public static GetSlicesRequest opening(MetaHeader header, long ino, int flags) {
        return opening(header, ino, flags, 0);
    }

    /** As {@link #opening(MetaHeader, long, int)}, counted at the session's open epoch {@code openEpoch}. */
    public static GetSlicesRequest opening(MetaHeader header, long ino, int flags, long openEpoch) {
        GetSlicesRequest r = new GetSlicesRequest(header, ino);
        r.opens = true;
        r.openFlags = flags;
        r.openEpoch = openEpoch;
        return r;
    }

    public long openEpoch() {
        return openEpoch;
    }

    public boolean opens() {
        return opens;
    }

    public int openFlags() {
        return openFlags;
    }

    @Override
    public void validate() {
        super.validate();
        if (opens) {
            Validate.range(openFlags, "openFlags", 0, 2);
            Validate.range(openEpoch, "openEpoch", 0, Long.MAX_VALUE);
            MetaHeader.requireSession(header());
        }
    }
}
