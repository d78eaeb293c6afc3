package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;

/** State and fill of the local replica of {@code volume}. */
public final class VolumeInfoRequest implements Request<VolumeInfoReply> {
    private int volume;

    public VolumeInfoRequest() {
    }

    public VolumeInfoRequest(int volume) {
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
