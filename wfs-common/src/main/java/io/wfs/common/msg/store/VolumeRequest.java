package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;

/** The shape of requests about one local volume replica: {@code volume}, a valid volume id. */
public abstract class VolumeRequest<R extends Response> implements Request<R> {
    private int volume;

    protected VolumeRequest() {
    }

    protected VolumeRequest(int volume) {
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
