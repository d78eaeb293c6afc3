package io.wfs.meta.cross;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * The cluster-wide rename lease (docs/metadata.md): one holder at a time among the coordinators of
 * renames that move a directory to another parent across groups, so such renames check the
 * destination's ancestors and change the tree one after the other. Replicated state of the
 * group owning the root's slot; time is the log entry's (the leader's clock).
 */
public final class RenameLease {
    private long holder;
    private long expiresNs;

    /**
     * Takes or renews the lease for {@code who} for {@code termNs}; LOCKED (retryable) while
     * another holder's lease is live. The term is the coordinator's (meta.rename-lease-term):
     * safety does not rest on it (tree walks refuse locked inodes), only how long others wait
     * after a holder crashed.
     */
    public void acquire(long who, long nowNs, long termNs) {
        if (holder != 0 && holder != who && nowNs < expiresNs) {
            throw new WfsException(WfsErrorCode.LOCKED, "another directory rename across groups is in progress");
        }
        holder = who;
        expiresNs = nowNs + termNs;
    }

    public void release(long who) {
        if (holder == who) {
            holder = 0;
            expiresNs = 0;
        }
    }

    public long holder() {
        return holder;
    }

    void write(DataOutputStream out) throws IOException {
        out.writeLong(holder);
        out.writeLong(expiresNs);
    }

    void read(DataInputStream in) throws IOException {
        holder = in.readLong();
        expiresNs = in.readLong();
    }
}
