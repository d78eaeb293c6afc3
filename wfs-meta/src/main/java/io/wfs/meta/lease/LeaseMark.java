package io.wfs.meta.lease;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Replicated (log and snapshot): whether any leader of the group ever granted client-cache leases.
 * A leader writes it (the internal command {@code LEASES_GRANTED}) before its first grant, so a
 * later leader knows whether it must wait out leases it cannot see ({@link CacheLeases#start}); a
 * group whose clients never held a lease fails over without that wait. {@link #delegated}: a leader
 * granted a create delegation (docs/metadata.md, "Asynchronous creates"); a later leader then holds
 * every request, not only mutation replies, for the same time. Both travel in one snapshot byte.
 */
public final class LeaseMark {
    private volatile boolean granted;
    private volatile boolean delegated;

    public boolean granted() {
        return granted;
    }

    public void set() {
        granted = true;
    }

    public boolean delegated() {
        return delegated;
    }

    /** Set by the apply of a create delegation (which needs a lease, so {@link #granted} is set too). */
    public void setDelegated() {
        granted = true;
        delegated = true;
    }

    public void write(DataOutputStream out) throws IOException {
        // Format 7 wrote a boolean here (1 = granted): the bit values keep that meaning.
        out.writeByte((granted ? 1 : 0) | (delegated ? 2 : 0));
    }

    public void read(DataInputStream in) throws IOException {
        int bits = in.readUnsignedByte();
        granted = (bits & 1) != 0;
        delegated = (bits & 2) != 0;
    }

    /** A snapshot from before leases existed: nobody can hold one. */
    public void clear() {
        granted = false;
        delegated = false;
    }
}
