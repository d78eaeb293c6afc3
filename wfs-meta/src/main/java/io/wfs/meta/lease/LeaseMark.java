package io.wfs.meta.lease;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Replicated (log and snapshot): whether any leader of the group ever granted client-cache leases.
 * A leader writes it (the internal command {@code LEASES_GRANTED}) before its first grant, so a
 * later leader knows whether it must wait out leases it cannot see ({@link CacheLeases#start}); a
 * group whose clients never held a lease fails over without that wait.
 */
public final class LeaseMark {
    private volatile boolean granted;

    public boolean granted() {
        return granted;
    }

    public void set() {
        granted = true;
    }

    public void write(DataOutputStream out) throws IOException {
        out.writeBoolean(granted);
    }

    public void read(DataInputStream in) throws IOException {
        granted = in.readBoolean();
    }

    /** A snapshot from before leases existed: nobody can hold one. */
    public void clear() {
        granted = false;
    }
}
