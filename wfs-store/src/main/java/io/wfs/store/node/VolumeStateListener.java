package io.wfs.store.node;

/**
 * Told when a local replica turns read-only (a replica failed during a write, or the volume was
 * sealed), so the manager can stop handing it out and re-replicate. The manager integration
 * implements it; until then the store logs.
 */
@FunctionalInterface
public interface VolumeStateListener {
    void volumeReadOnly(int volume, String reason);
}
