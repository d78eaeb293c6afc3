package io.wfs.store.node;

import java.io.IOException;
import java.util.List;
import java.util.OptionalInt;

/**
 * Which volumes this store holds and which one it writes. Called by RouteVolumes when the
 * manager's route places volumes here, by the CreateVolume admin RPC (standalone stores and
 * tests) and by CopyVolumeHandler.
 */
public interface VolumeAssignments {
    /**
     * Hold a replica of {@code volume} replicated on {@code replicas} (first = primary). A store
     * is primary of at most one writable volume: assigning a new one seals the previous one.
     */
    void assign(int volume, List<String> replicas, boolean writable) throws IOException;

    /** The writable volume this store is primary of, if any. */
    OptionalInt activeVolume();
}
