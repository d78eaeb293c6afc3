package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.Validate;

/**
 * Closes of one session's opens of inodes of one group, gathered by the client for a few
 * milliseconds (client.close-delay): one request instead of one per file. Each inode is closed
 * once per time it appears, each with the open epoch its client uncounted it in
 * ({@link OpenEpochs}). Routed by its first inode; all of them are the group's by the slot map
 * of the request's route version.
 */
public final class CloseBatchRequest extends HeaderRequest<OkReply> {
    /** Far more than a client gathers between two sends. */
    public static final int MAX_CLOSES = 65_536;

    private long[] inos;
    private long[] openEpochs;

    public CloseBatchRequest() {
    }

    public CloseBatchRequest(MetaHeader header, long[] inos, long[] openEpochs) {
        super(header);
        this.inos = inos;
        this.openEpochs = openEpochs;
    }

    public long[] inos() {
        return inos == null ? new long[0] : inos;
    }

    public long[] openEpochs() {
        return openEpochs == null ? new long[0] : openEpochs;
    }

    @Override
    public long routingIno() {
        long[] i = inos();
        return i.length == 0 ? 0 : i[0];
    }

    @Override
    public long[] namedInodes() {
        return inos();
    }

    @Override
    public void validate() {
        super.validate();
        MetaHeader.requireSession(header());
        long[] i = inos();
        long[] e = openEpochs();
        Validate.range(i.length, "inos", 1, MAX_CLOSES);
        if (i.length != e.length) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST,
                    "inos and openEpochs differ in length: " + i.length + " vs " + e.length);
        }
        for (int k = 0; k < i.length; k++) {
            Validate.range(e[k], "openEpoch", 0, Long.MAX_VALUE);
            if (i[k] == 0) {
                throw new WfsException(WfsErrorCode.BAD_REQUEST, "inode 0 is never open");
            }
        }
    }
}
