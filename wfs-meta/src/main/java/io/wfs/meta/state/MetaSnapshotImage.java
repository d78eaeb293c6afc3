package io.wfs.meta.state;

import io.wfs.meta.namespace.Namespace;
import io.wfs.meta.namespace.NamespaceSnapshot;
import io.wfs.raft.SnapshotImage;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.concurrent.locks.Lock;

/**
 * A meta group's state at one log index ({@link MetaStateMachine#captureSnapshot}): the small
 * tables already written, the namespace frozen copy-on-write. Written on the snapshot thread;
 * {@link #release} ends the live namespace's sharing under the state lock.
 */
final class MetaSnapshotImage implements SnapshotImage {
    private final byte[] tables;
    private final Namespace frozen;
    private final Namespace live;
    private final Lock lock;

    MetaSnapshotImage(byte[] tables, Namespace frozen, Namespace live, Lock lock) {
        this.tables = tables;
        this.frozen = frozen;
        this.live = live;
        this.lock = lock;
    }

    @Override
    public void writeTo(DataOutputStream target) throws IOException {
        target.write(tables);
        NamespaceSnapshot.save(frozen, target);
        target.flush();
    }

    @Override
    public void release() {
        lock.lock();
        try {
            live.stopSharing();
        } finally {
            lock.unlock();
        }
    }
}
