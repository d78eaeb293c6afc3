package io.wfs.common.msg.store;

/**
 * Re-replication, manager → new replica: create a read-only replica of {@code volume} with
 * {@code replicas}, copy every live block from {@code source} (a healthy replica), verify each
 * CRC, and answer with the resulting replica's info once all are durable.
 */
public final class CopyVolumeRequest extends VolumeRequest<VolumeInfoReply> {
    private String source;
    private String[] replicas;

    public CopyVolumeRequest() {
    }

    public CopyVolumeRequest(int volume, String source, String[] replicas) {
        super(volume);
        this.source = source;
        this.replicas = replicas;
    }

    public String source() {
        return source;
    }

    public String[] replicas() {
        return replicas;
    }

    @Override
    public void validate() {
        super.validate();
        StoreLimits.address(source, "source");
        StoreLimits.replicas(replicas);
    }
}
