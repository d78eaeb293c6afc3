package io.wfs.store.disk;

import java.io.IOException;
import java.util.Collection;

/** How a delete becomes final: its tombstones made durable, then its blocks' pages given back. */
public final class DeletedSpace {
    private DeletedSpace() {
    }

    /**
     * Makes the tombstones of {@link VolumeReplica#delete} durable, then punches the deleted
     * blocks' pages out of the extents (in that order: a block is never gone from disk while a
     * crash could still bring its index record back as live).
     */
    public static void commit(Collection<Extent> touched) throws IOException {
        for (Extent e : touched) {
            e.force();
        }
        for (Extent e : touched) {
            e.punchHoles();
        }
    }
}
