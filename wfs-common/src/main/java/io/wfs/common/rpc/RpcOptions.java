package io.wfs.common.rpc;

import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.wire.FrameLimits;
import java.time.Duration;

/** The RPC settings of one process, read once from the configuration. */
public record RpcOptions(long maxMetaFrameBytes, long maxDataFrameBytes, Duration handshakeTimeout,
                         Duration partialFrameTimeout, Duration callTimeout, Duration connectTimeout,
                         int connectionsPerPeer, int ioThreads, int workerThreads, int workerQueue, boolean epoll,
                         ConnectionLimits connectionLimits) {

    /**
     * How long a frame or a connection may take, how many connections one peer address may hold,
     * and how many requests one connection may have unanswered.
     */
    public record ConnectionLimits(Duration frameReadTimeout, Duration idleTimeout, Duration pingInterval,
                                   int maxConnectionsPerPeer, int maxRequestsInFlight) {
        static ConnectionLimits from(WfsConfig c) {
            return new ConnectionLimits(c.get(CommonConfigKeys.FRAME_READ_TIMEOUT), c.get(CommonConfigKeys.IDLE_TIMEOUT),
                    c.get(CommonConfigKeys.PING_INTERVAL), c.get(CommonConfigKeys.MAX_CONNECTIONS_PER_PEER),
                    c.get(CommonConfigKeys.MAX_REQUESTS_IN_FLIGHT));
        }
    }

    public static RpcOptions from(WfsConfig c) {
        return new RpcOptions(c.get(CommonConfigKeys.MAX_META_FRAME), c.get(CommonConfigKeys.MAX_DATA_FRAME),
                c.get(CommonConfigKeys.HANDSHAKE_TIMEOUT), c.get(CommonConfigKeys.PARTIAL_FRAME_TIMEOUT),
                c.get(CommonConfigKeys.CALL_TIMEOUT), c.get(CommonConfigKeys.CONNECT_TIMEOUT),
                c.get(CommonConfigKeys.CONNECTIONS_PER_PEER), c.get(CommonConfigKeys.IO_THREADS),
                c.get(CommonConfigKeys.WORKER_THREADS), c.get(CommonConfigKeys.WORKER_QUEUE),
                c.get(CommonConfigKeys.EPOLL), ConnectionLimits.from(c));
    }

    /** The same settings with another per-call timeout (a client that must try the next node sooner). */
    public RpcOptions withCallTimeout(Duration timeout) {
        return new RpcOptions(maxMetaFrameBytes, maxDataFrameBytes, handshakeTimeout, partialFrameTimeout, timeout,
                connectTimeout, connectionsPerPeer, ioThreads, workerThreads, workerQueue, epoll, connectionLimits);
    }

    public static RpcOptions defaults() {
        return from(WfsConfig.defaults());
    }

    public FrameLimits limits() {
        return new FrameLimits(maxMetaFrameBytes, maxDataFrameBytes);
    }
}
