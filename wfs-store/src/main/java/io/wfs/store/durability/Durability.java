package io.wfs.store.durability;

import io.wfs.store.disk.Extent;
import java.util.concurrent.CompletableFuture;

/** Makes appended blocks durable per the fsync policy; the future completes once they are. */
public interface Durability extends AutoCloseable {
    CompletableFuture<Void> sync(Extent extent);

    @Override
    void close();
}
