package io.wfs.common.msg.store;

/**
 * Admin or manager → store: hold a replica of {@code volume}, replicated on {@code replicas}
 * (host:port; the first is the primary). {@code writable}: the volume takes new blocks; a node
 * writes one volume at a time as primary, so assigning a new writable primary volume seals the
 * previous one. Repeating the request with the same replicas is a no-op.
 */
public final class CreateVolumeRequest extends VolumeRequest<VolumeInfoReply> {
    private String[] replicas;
    private boolean writable;

    public CreateVolumeRequest() {
    }

    public CreateVolumeRequest(int volume, String[] replicas, boolean writable) {
        super(volume);
        this.replicas = replicas;
        this.writable = writable;
    }

    public String[] replicas() {
        return replicas;
    }

    public boolean writable() {
        return writable;
    }

    @Override
    public void validate() {
        super.validate();
        StoreLimits.replicas(replicas);
    }
}
