package io.wfs.client;

import static io.wfs.common.config.ConfigKey.booleanKey;
import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.intKey;
import static io.wfs.common.config.ConfigKey.sizeKey;
import static io.wfs.common.config.ConfigKey.stringKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.time.Duration;
import java.util.List;

/** Keys of the client library (the FUSE mount, the CLI, benchmarks and embedders). */
public final class ClientConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> MANAGERS = stringKey("client.managers", "",
            "Comma-separated host:port of the managers; the client asks them only for the boot route.");
    public static final ConfigKey<Duration> ATTR_TTL = durationKey("client.attr-ttl", Duration.ZERO,
            "How long names and attributes answered without a lease (client.cache-leases) are trusted before asking "
                    + "the metadata servers again; above 0 another mount's change may show that much later "
                    + "(close-to-open consistency holds regardless: open always asks).");
    public static final ConfigKey<Boolean> ASYNC_CREATES = booleanKey("client.async-creates", true,
            "Answer creates of regular files in a directory this client creates many files in without a round trip each,"
                    + " under a delegation from the meta group's leader, and send them in batches (docs/metadata.md,"
                    + " \"Asynchronous creates\"); needs client.cache-leases.");
    public static final ConfigKey<Boolean> ASYNC_MKDIRS = booleanKey("client.async-mkdirs", true,
            "Under a directory's create delegation, answer mkdir there (and rmdir of an empty directory made so) without a"
                    + " round trip and send them in the batches: about 10x faster mkdir and rmdir; such a directory lives in"
                    + " a slot of its parent's group instead of any group, so a tree one mount makes stays in one group. The"
                    + " root's subdirectories, and those of a directory marked trusted.wfs.spread=1 (the CSI driver's volumes"
                    + " root), are still spread over all groups by the servers (docs/metadata.md, \"Asynchronous mkdir\")."
                    + " Needs client.async-creates.");
    public static final ConfigKey<Boolean> CACHE_LEASES = booleanKey("client.cache-leases", true,
            "Cache names and attributes under leases from the meta groups' leaders, who invalidate them before a "
                    + "change by any client is acknowledged (docs/metadata.md, \"Client caches with leases\"); "
                    + "answers without a lease are kept for client.attr-ttl only.");
    public static final ConfigKey<Duration> ASYNC_CREATE_HOLD = durationKey("client.async-create-hold",
            Duration.ofMillis(20), "How long a file created under a delegation, or changed since, is kept out of batches so that "
                    + "its application's write, close, chown, chmod and utimens ride in its create's entry (docs/metadata.md, "
                    + "\"A small file in one entry\"); at most 1 s after its create.");
    public static final ConfigKey<Duration> KERNEL_ATTR_TIMEOUT = durationKey("client.kernel-attr-timeout",
            Duration.ofSeconds(1), "FUSE attr_timeout: how long the kernel answers stat from its own cache, which no "
                    + "other mount's change can take back, so another mount's change may show that much later; 0: "
                    + "every stat reaches the client's leased cache, coherent with every mount (wfs mount --attr-timeout).");
    public static final ConfigKey<Duration> KERNEL_ENTRY_TIMEOUT = durationKey("client.kernel-entry-timeout",
            Duration.ofSeconds(1), "FUSE entry_timeout: as client.kernel-attr-timeout, for names (wfs mount --entry-timeout).");
    public static final ConfigKey<Duration> ROUTE_REFRESH = durationKey("client.route-refresh", Duration.ofSeconds(5),
            "How often the route is brought up to date (a delta from a store), besides refreshes when no volume "
                    + "takes a block.");
    public static final ConfigKey<Long> BLOCK_SIZE = sizeKey("client.block-size", 4L << 20, 4096, 4L << 20,
            "Largest block uploaded to a store; a flush of a larger dirty run makes several blocks.");
    public static final ConfigKey<Long> FILE_BUFFER = sizeKey("client.file-buffer", 8L << 20, 4096, 1L << 30,
            "Dirty bytes one file gathers before they are uploaded and committed without waiting for close.");
    public static final ConfigKey<Long> TOTAL_BUFFER = sizeKey("client.total-buffer", 256L << 20, 1L << 20, 64L << 30,
            "Dirty bytes of all files together; writers wait (back-pressure) when it is reached.");
    public static final ConfigKey<Integer> UPLOADS_IN_FLIGHT = intKey("client.uploads-in-flight", 4, 1, 64,
            "Full-size blocks one flush sends to the stores at the same time; a smaller block counts by its size, "
                    + "at least 1/16 of a block, so scattered small writes keep up to 16 times as many in flight.");
    public static final ConfigKey<Long> READ_CHUNK = sizeKey("client.read-chunk", 1L << 20, 4096, 16L << 20,
            "Unit of reads from the stores: a read fetches the aligned chunk around it, so sequential reads "
                    + "of small sizes (and small files) cost one store round trip per chunk.");
    public static final ConfigKey<Long> OPEN_PREFETCH = sizeKey("client.open-prefetch", 0L, 0, 16L << 20,
            "An existing file of at most this many bytes opened for reading is fetched from the stores as the open "
                    + "returns, so the store's read overlaps the kernel's turn from the open to the first read; 0 (the "
                    + "default): fetch at the first read. Measured a few per cent faster for one reader of small files, "
                    + "and slower for four on two cores (docs/benchmarks.md), hence off unless set (e.g. 256K).");
    public static final ConfigKey<Integer> READ_CACHE_CHUNKS = intKey("client.read-cache-chunks", 64, 0, 65536,
            "Chunks kept in the client's read cache (least recently used first out).");
    public static final ConfigKey<String> CACHE_DIR = stringKey("client.cache-dir", "",
            "Folder of the local read cache (wfs mount --cache-dir): chunks read from the stores are kept there across "
                    + "mounts, checksummed, least recently used first out. Empty: no cache. One mount per folder.");
    public static final ConfigKey<Long> CACHE_SIZE = sizeKey("client.cache-size", 10L << 30, 1L << 20, 1L << 50,
            "Bytes the local read cache may take in client.cache-dir (entries and their 32-byte headers); the oldest "
                    + "are evicted before a write would exceed it.");
    public static final ConfigKey<Duration> CALL_DEADLINE = durationKey("client.call-deadline", Duration.ofSeconds(60),
            "How long one operation keeps retrying (leader changes, locks, failovers) before it fails with EIO.");

    public static final ConfigKey<Duration> WRITABLE_VOLUME_WAIT = durationKey("client.writable-volume-wait",
            Duration.ofSeconds(30),
            "How long an upload waits for a writable volume when the route has none (a store just died and the "
                    + "manager is opening replacements) before the write fails with ENOSPC.");

    public static final ConfigKey<Duration> SESSION_HEARTBEAT = durationKey("client.session-heartbeat",
            Duration.ofSeconds(15),
            "How often the client renews its session in every meta group (well under meta.session-lease, after "
                    + "which the servers release the session's open files and locks). The first renewal comes "
                    + "after a third of it.");

    public static final ConfigKey<Duration> CLOSE_DELAY = durationKey("client.close-delay", Duration.ofMillis(20),
            "How long the closes of files are gathered before they go to the meta leaders, one request per group for "
                    + "all of them (nothing waits for a close); an unlinked file's data is freed that much later after its "
                    + "last close. 0: each close is sent at once (docs/metadata.md, \"Opens\").");

    public static final ConfigKey<Integer> CALLER_CONNECTIONS = intKey("client.caller-connections", 8, 0, 256,
            "Connections to each server, besides the event loop's, on which a thread that waits for an answer at once (a "
                    + "FUSE request's lookup, open, getattr or block read) sends its request and reads the answer itself, "
                    + "sparing two thread hand-offs per call; a call finding all of them busy goes through the event loop. "
                    + "0: every call goes through the event loop (docs/client.md, \"Calls on the caller's thread\").");

    public static final ConfigKey<Integer> FUSE_THREADS = intKey("client.fuse-threads", 8, 0, 256,
            "N (default 8): the mount's FUSE requests are served by threads of its own, attached to the JVM for their "
                    + "whole life: N at the start, one more whenever every one is busy (up to 256), none retired before "
                    + "the unmount. 0: libfuse starts and retires its worker threads itself, and each callback on a "
                    + "thread that has made fewer than 1,000 attaches it to the JVM and detaches it after "
                    + "(docs/client.md, \"FUSE threads\").");
    public static final ConfigKey<Integer> METRICS_PORT = intKey("client.metrics-port", -1, -1, 65535,
            "Port on which wfs mount serves its metrics (/metrics, Prometheus text) and /status, on http.bind: -1 "
                    + "(default) serves nothing, 0 any free port (printed in the ready line). Off by default because a "
                    + "node may run one mount per volume; wfs local always serves its mount's on 127.0.0.1 "
                    + "(DIR/metrics.properties).");
    public static final ConfigKey<String> SUBDIR = stringKey("client.subdir", "/",
            "The directory of the cluster that is this client's root (wfs mount --subdir): every path starts there "
                    + "and none reaches above it. \"/\" is the whole file system.");

    public static final ConfigKey<Integer> QUOTA_RENAME_COUNT_LIMIT = intKey("client.quota-rename-count-limit", 100_000,
            0, 100_000_000,
            "A rename across a directory quota's edge never moves (the servers answer EXDEV, and mv copies); the "
                    + "client first counts the moved tree, up to this many inodes, and answers EDQUOT instead when it "
                    + "cannot fit in the destination's quota, so mv stops before copying. A bigger tree gets EXDEV.");

    @Override
    public String module() {
        return "client";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(MANAGERS, ATTR_TTL, CACHE_LEASES, ASYNC_CREATES, ASYNC_MKDIRS, ASYNC_CREATE_HOLD, KERNEL_ATTR_TIMEOUT, KERNEL_ENTRY_TIMEOUT, FUSE_THREADS, ROUTE_REFRESH, BLOCK_SIZE, FILE_BUFFER, TOTAL_BUFFER, UPLOADS_IN_FLIGHT,
                READ_CHUNK, OPEN_PREFETCH, READ_CACHE_CHUNKS, CACHE_DIR, CACHE_SIZE, CALL_DEADLINE, WRITABLE_VOLUME_WAIT, SESSION_HEARTBEAT,
                CLOSE_DELAY, CALLER_CONNECTIONS, SUBDIR, QUOTA_RENAME_COUNT_LIMIT, METRICS_PORT);
    }
}
