package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;

/** Make the local replica of {@code volume} read-only and seal its active extent (full, or taken out of service). */
public final class SealVolumeRequest implements Request<VolumeInfoReply> {
    private int volume;

    public SealVolumeRequest() {
    }

    public SealVolumeRequest(int volume) {
        this.volume = volume;
    }

    public int volume() {
        return volume;
    }

    @Override
    public void validate() {
        StoreLimits.volume(volume);
    }
}
