package io.wfs.manager.state;

import io.wfs.common.msg.manager.RouteReply;
import io.wfs.common.msg.manager.VolumeLocationReply;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteSource;
import io.wfs.manager.command.ManagerCommands;
import io.wfs.raft.ReplicatedStateMachine;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * The manager's replicated state machine: applies {@link io.wfs.manager.command.ManagerCommand}s
 * from the log and serves reads of the state (routes for clients, the status) under the same
 * lock. Apply is deterministic: commands carry the leader's decisions and clock.
 */
public final class ManagerStateMachine implements ReplicatedStateMachine, RouteSource {
    /** Told when this replica starts or stops leading (the leader runs failure detection and placement). */
    public interface LeadershipListener {
        void onLeaderStart(long term);

        void onLeaderStop();
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final int maxLogChanges;
    private ManagerState state;
    private volatile LeadershipListener listener;

    public ManagerStateMachine(int maxLogChanges) {
        this.maxLogChanges = maxLogChanges;
        this.state = new ManagerState(maxLogChanges);
    }

    public void setLeadershipListener(LeadershipListener listener) {
        this.listener = listener;
    }

    @Override
    public Object apply(ByteBuffer command, long logIndex) {
        ManagerCommands.Decoded decoded = ManagerCommands.decode(command);
        lock.lock();
        try {
            return decoded.command().apply(state, decoded.timeMillis());
        } finally {
            lock.unlock();
        }
    }

    /** Reads the state under the lock; {@code reader} must not keep references to mutable parts. */
    public <T> T read(Function<ManagerState, T> reader) {
        lock.lock();
        try {
            return reader.apply(state);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long routeVersion() {
        return read(ManagerState::version);
    }

    @Override
    public RouteReply fullRoute() {
        return read(s -> new RouteReply(s.version(), s.route().full()));
    }

    @Override
    public RouteReply routeSince(long sinceVersion) {
        return read(s -> new RouteReply(s.version(), s.route().updateSince(sinceVersion)));
    }

    @Override
    public VolumeLocationReply locate(long clientVersion, int volumeId) {
        return read(s -> RouteCache.locate(s.route(), clientVersion, volumeId));
    }

    @Override
    public void writeSnapshot(DataOutputStream out) throws IOException {
        lock.lock();
        try {
            ManagerSnapshot.write(state, out);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void readSnapshot(DataInputStream in) throws IOException {
        ManagerState loaded = ManagerSnapshot.read(in, maxLogChanges);
        lock.lock();
        try {
            state = loaded;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void onLeaderStart(long term) {
        LeadershipListener l = listener;
        if (l != null) {
            l.onLeaderStart(term);
        }
    }

    @Override
    public void onLeaderStop() {
        LeadershipListener l = listener;
        if (l != null) {
            l.onLeaderStop();
        }
    }
}
