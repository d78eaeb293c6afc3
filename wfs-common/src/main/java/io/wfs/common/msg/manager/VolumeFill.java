package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Validate;

/**
 * How full volume replicas are, one entry per volume ({@code volumeIds[i]} holds
 * {@code usedBytes[i]} on disk, {@code unreclaimedBytes[i]} of deleted blocks still on disk, and
 * has had {@code reclaimedBytes[i]} of deleted blocks given back to the file system). A store
 * sends its replicas' fill in heartbeats; the manager answers the fill of every volume in the
 * cluster status. The two deletion columns may be absent (zeros).
 */
public final class VolumeFill {
    private int[] volumeIds;
    private long[] usedBytes;
    private long[] unreclaimedBytes;
    private long[] reclaimedBytes;

    public VolumeFill() {
    }

    public VolumeFill(int[] volumeIds, long[] usedBytes, long[] unreclaimedBytes, long[] reclaimedBytes) {
        this.volumeIds = volumeIds;
        this.usedBytes = usedBytes;
        this.unreclaimedBytes = unreclaimedBytes;
        this.reclaimedBytes = reclaimedBytes;
    }

    /** Used bytes only (no deletion figures). */
    public static VolumeFill of(int[] volumeIds, long[] usedBytes) {
        return new VolumeFill(volumeIds, usedBytes, null, null);
    }

    public int size() {
        return volumeIds == null ? 0 : volumeIds.length;
    }

    public int[] volumeIds() {
        return volumeIds == null ? new int[0] : volumeIds;
    }

    public long used(int i) {
        return usedBytes[i];
    }

    public long unreclaimed(int i) {
        return unreclaimedBytes == null ? 0 : unreclaimedBytes[i];
    }

    public long reclaimed(int i) {
        return reclaimedBytes == null ? 0 : reclaimedBytes[i];
    }

    /** Every column as long as the ids, every id a volume id, every figure a byte count. */
    public void validate(String field) {
        int n = size();
        Validate.check(n <= ManagerFields.MAX_VOLUMES_PER_HEARTBEAT,
                field + ": more than " + ManagerFields.MAX_VOLUMES_PER_HEARTBEAT + " volumes");
        column(usedBytes, n, field + ".usedBytes", false);
        column(unreclaimedBytes, n, field + ".unreclaimedBytes", true);
        column(reclaimedBytes, n, field + ".reclaimedBytes", true);
        for (int i = 0; i < n; i++) {
            Validate.range(volumeIds[i], field + ".volumeIds[]", 1, Integer.MAX_VALUE);
        }
    }

    private static void column(long[] values, int n, String name, boolean optional) {
        if (values == null && (optional || n == 0)) {
            return;
        }
        Validate.check(values != null && values.length == n, name + " differs in length from volumeIds");
        for (long v : values) {
            ManagerFields.bytes(v, name + "[]");
        }
    }
}
