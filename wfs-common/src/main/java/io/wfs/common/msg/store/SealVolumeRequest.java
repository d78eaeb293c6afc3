package io.wfs.common.msg.store;

/** Make the local replica of {@code volume} read-only and seal its active extent (full, or taken out of service). */
public final class SealVolumeRequest extends VolumeRequest<VolumeInfoReply> {
    public SealVolumeRequest() {
    }

    public SealVolumeRequest(int volume) {
        super(volume);
    }
}
