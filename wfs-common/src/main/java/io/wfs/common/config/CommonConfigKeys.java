package io.wfs.common.config;

import static io.wfs.common.config.ConfigKey.booleanKey;
import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.intKey;
import static io.wfs.common.config.ConfigKey.sizeKey;
import static io.wfs.common.config.ConfigKey.stringKey;

import java.time.Duration;
import java.util.List;

/** Keys shared by every WFS process: RPC, authentication, metrics endpoint. */
public final class CommonConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> SECRET_FILE = stringKey("cluster.secret-file", "",
            "File holding the cluster secret (>= 16 characters); every connection proves knowledge of it.");

    public static final ConfigKey<Long> MAX_META_FRAME = sizeKey("rpc.max-meta-frame-bytes", 4L << 20, 4096, 256L << 20,
            "Largest metadata or control frame accepted; a larger one closes the connection.");
    public static final ConfigKey<Long> MAX_DATA_FRAME = sizeKey("rpc.max-data-frame-bytes", (8L << 20) + 65536, 4096, 1L << 30,
            "Largest data frame (block read/write) accepted; a larger one closes the connection.");
    public static final ConfigKey<Duration> HANDSHAKE_TIMEOUT = durationKey("rpc.handshake-timeout", Duration.ofSeconds(5),
            "A connection that has not authenticated within this time is closed.");
    public static final ConfigKey<Duration> PARTIAL_FRAME_TIMEOUT = durationKey("rpc.partial-frame-timeout", Duration.ofSeconds(30),
            "A connection that leaves a frame incomplete for this long is closed (truncated frame).");
    public static final ConfigKey<Duration> FRAME_READ_TIMEOUT = durationKey("rpc.frame-read-timeout", Duration.ofSeconds(60),
            "A frame must arrive whole within this time of its first byte, however steadily it trickles in (slow sender).");
    public static final ConfigKey<Duration> IDLE_TIMEOUT = durationKey("rpc.idle-timeout", Duration.ofSeconds(120),
            "A server closes an authenticated connection it has read nothing from for this long (half-open peer); "
                    + "clients ping every rpc.ping-interval, so a live idle client is never closed.");
    public static final ConfigKey<Duration> PING_INTERVAL = durationKey("rpc.ping-interval", Duration.ofSeconds(30),
            "A client connection that has sent nothing for this long sends an ECHO ping (keep well under rpc.idle-timeout).");
    public static final ConfigKey<Integer> MAX_CONNECTIONS_PER_PEER = intKey("rpc.max-connections-per-peer", 512, 1, 1 << 20,
            "Connections a server accepts from one peer IP address; further ones are closed at once.");
    public static final ConfigKey<Integer> MAX_REQUESTS_IN_FLIGHT = intKey("rpc.max-requests-in-flight", 1024, 1, 1 << 20,
            "Requests one connection may have unanswered; beyond it (or while its replies go unread) the server stops reading it.");
    public static final ConfigKey<Duration> CALL_TIMEOUT = durationKey("rpc.call-timeout", Duration.ofSeconds(10),
            "Default deadline of a client call; the caller gets TIMEOUT after it.");
    public static final ConfigKey<Duration> CONNECT_TIMEOUT = durationKey("rpc.connect-timeout", Duration.ofSeconds(3),
            "Deadline for TCP connect plus authentication handshake.");
    public static final ConfigKey<Integer> CONNECTIONS_PER_PEER = intKey("rpc.connections-per-peer", 2, 1, 64,
            "Connections a client keeps to each server; calls are spread over them round-robin.");
    public static final ConfigKey<Integer> IO_THREADS = intKey("rpc.io-threads", 0, 0, 256,
            "Netty event-loop threads (0 = the number of cores).");
    public static final ConfigKey<Integer> WORKER_THREADS = intKey("rpc.worker-threads", 32, 1, 4096,
            "Threads that run request handlers which may block.");
    public static final ConfigKey<Integer> WORKER_QUEUE = intKey("rpc.worker-queue", 65536, 1, 1 << 24,
            "Requests waiting for a worker; beyond it requests are refused with EBUSY (back-pressure).");
    public static final ConfigKey<Boolean> EPOLL = booleanKey("rpc.epoll", true,
            "Use the native epoll transport when available (falls back to NIO).");

    public static final ConfigKey<String> HTTP_BIND = stringKey("http.bind", "0.0.0.0",
            "Address of the HTTP endpoint serving /metrics (Prometheus text) and /status (JSON).");
    public static final ConfigKey<Integer> HTTP_PORT = intKey("http.port", 0, -1, 65535,
            "Port of the HTTP endpoint (0 = any free port, -1 = disabled).");

    @Override
    public String module() {
        return "common";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(SECRET_FILE, MAX_META_FRAME, MAX_DATA_FRAME, HANDSHAKE_TIMEOUT, PARTIAL_FRAME_TIMEOUT,
                FRAME_READ_TIMEOUT, IDLE_TIMEOUT, PING_INTERVAL, MAX_CONNECTIONS_PER_PEER,
                MAX_REQUESTS_IN_FLIGHT, CALL_TIMEOUT, CONNECT_TIMEOUT, CONNECTIONS_PER_PEER, IO_THREADS, WORKER_THREADS, WORKER_QUEUE,
                EPOLL, HTTP_BIND, HTTP_PORT);
    }
}
