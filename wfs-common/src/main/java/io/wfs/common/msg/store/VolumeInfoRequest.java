package io.wfs.common.msg.store;

/** State and fill of the local replica of {@code volume}. */
public final class VolumeInfoRequest extends VolumeRequest<VolumeInfoReply> {
    public VolumeInfoRequest() {
    }

    public VolumeInfoRequest(int volume) {
        super(volume);
    }
}
