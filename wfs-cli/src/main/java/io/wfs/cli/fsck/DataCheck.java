package io.wfs.cli.fsck;

import io.wfs.client.data.Rpc;
import io.wfs.client.route.ManagedClusterView;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.msg.store.CheckBlocksRequest;
import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.ReplicateBlockRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.common.rpc.HostPort;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.route.MetaClient;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The data half of {@code wfs fsck}: every slice of every regular file names a block that each
 * replica of its volume holds, and every volume has the cluster's replica count on live stores.
 * It streams like the namespace scan: the files of a few scan pages at a time have their slices
 * fetched (GET_SLICES as root, which opens nothing), and each replica of each volume they name is
 * asked about those blocks at once (CHECK_BLOCKS); the CLI never holds the cluster's block list.
 *
 * <p>Online: a block a replica lacks is reported only if the file still names it when fetched
 * again (a file truncated or rewritten meanwhile frees its old blocks). With {@code repair}, a
 * block missing on some replicas is copied to them from one that has it.
 */
public final class DataCheck {
    /** Files whose slices are fetched together (in flight at once), then checked as one batch. */
    static final int FILES_PER_BATCH = 256;

    private final MetaClient meta;
    private final ManagedClusterView cluster;
    private final RpcClient rpc;
    private final Duration timeout;
    private final boolean repair;
    private final FsckReport found = new FsckReport();
    private final LongArrayList batch = new LongArrayList(FILES_PER_BATCH);
    private long files;
    private long slices;

    public DataCheck(MetaClient meta, ManagedClusterView cluster, RpcClient rpc, Duration timeout, boolean repair) {
        this.repair = repair;
        this.meta = meta;
        this.cluster = cluster;
        this.rpc = rpc;
        this.timeout = timeout;
    }

    /** A regular file with data, from the namespace scan. */
    public void file(long ino) {
        batch.add(ino);
        if (batch.size() >= FILES_PER_BATCH) {
            checkBatch();
        }
    }

    /** Checks what is left and every volume's replica count; the problems found, with the counts. */
    public FsckReport finish() {
        checkBatch();
        int expected = cluster.replicasPerVolume();
        for (int volume : cluster.volumeIds()) {
            int up = cluster.upReplicasOf(volume).size();
            if (up < expected) {
                found.add(Problem.UNDER_REPLICATED, "volume " + volume + ": " + up + " of " + expected
                        + " replicas on live stores");
            }
        }
        found.dataScanned(files, slices);
        return found;
    }

    private void checkBatch() {
        if (batch.isEmpty()) {
            return;
        }
        // Per volume, each block named and the first file naming it (for the report).
        Int2ObjectOpenHashMap<Long2LongLinkedOpenHashMap> blocks = new Int2ObjectOpenHashMap<>();
        List<CompletableFuture<SlicesReply>> calls = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            calls.add(slicesOf(batch.getLong(i)));
        }
        for (int i = 0; i < batch.size(); i++) {
            SlicesReply reply = slicesOrNull(calls.get(i));
            if (reply == null) {
                continue;
            }
            files++;
            long size = reply.attr().size();
            for (SliceInfo s : reply.slices()) {
                slices++;
                // Size and slices come from one read of the leader's state: a slice past the size is never
                // in flight, a write grows the size to cover it and a truncate cuts it in the same apply.
                if (s.fileOffset() + s.length() > size) {
                    found.add(Problem.SLICE_PAST_EOF, "file " + Long.toUnsignedString(batch.getLong(i)) + ": a slice of "
                            + s.length() + " bytes at " + s.fileOffset() + " ends past its size " + size);
                }
                blocks.computeIfAbsent(s.volume(), v -> new Long2LongLinkedOpenHashMap()).putIfAbsent(s.blockId(),
                        batch.getLong(i));
            }
        }
        batch.clear();
        for (Int2ObjectMap.Entry<Long2LongLinkedOpenHashMap> e : blocks.int2ObjectEntrySet()) {
            checkVolume(e.getIntKey(), e.getValue());
        }
    }

    /** A file's slices, as root; no open is counted. */
    private CompletableFuture<SlicesReply> slicesOf(long ino) {
        return meta.call(new GetSlicesRequest(meta.query(0, 0), ino));
    }

    /** The file's slices, or null when it went since the scan saw it. */
    private static SlicesReply slicesOrNull(CompletableFuture<SlicesReply> call) {
        try {
            return Rpc.await(call);
        } catch (WfsException e) {
            if (e.code() == WfsErrorCode.ENOENT || e.code() == WfsErrorCode.ESTALE) {
                return null;
            }
            throw e;
        }
    }

    private void checkVolume(int volume, Long2LongLinkedOpenHashMap blockToFile) {
        List<String> replicas = cluster.upReplicasOf(volume);
        if (cluster.replicasOf(volume).isEmpty()) {
            blockToFile.forEach((block, ino) -> found.add(Problem.UNKNOWN_VOLUME,
                    "file " + Long.toUnsignedString(ino) + ": block " + block + " names volume " + volume));
            return;
        }
        long[] ids = blockToFile.keySet().toLongArray();
        Long2ObjectLinkedOpenHashMap<List<String>> missingOn = new Long2ObjectLinkedOpenHashMap<>();
        for (String replica : replicas) {
            for (int from = 0; from < ids.length; from += StoreLimits.MAX_BLOCK_IDS) {
                long[] page = Arrays.copyOfRange(ids, from, Math.min(ids.length, from + StoreLimits.MAX_BLOCK_IDS));
                for (long block : Rpc.await(rpc.call(HostPort.parse(replica), new CheckBlocksRequest(volume, page),
                        timeout)).blockIds()) {
                    missingOn.computeIfAbsent(block, b -> new ArrayList<>()).add(replica);
                }
            }
        }
        for (Long2ObjectMap.Entry<List<String>> e : missingOn.long2ObjectEntrySet()) {
            long block = e.getLongKey();
            long ino = blockToFile.get(block);
            if (!stillNames(ino, volume, block)) {
                continue;
            }
            List<String> holders = new ArrayList<>(replicas);
            holders.removeAll(e.getValue());
            for (String lacking : e.getValue()) {
                String what = "file " + Long.toUnsignedString(ino) + ": block " + block + " of volume " + volume;
                found.add(Problem.MISSING_BLOCK, what + " is missing on store " + lacking
                        + (holders.isEmpty() ? " (and on every other live replica: lost)" : ""));
                if (repair && !holders.isEmpty()) {
                    copy(volume, block, holders.get(0), lacking, what);
                }
            }
        }
    }

    /**
     * --repair of a missing block: the whole block read from a replica that has it, appended on
     * the one that lacks it as a repair (allowed on a read-only volume, checked against its CRC).
     */
    private void copy(int volume, long block, String from, String to, String what) {
        try {
            ReadBlockReply good = Rpc.await(rpc.call(HostPort.parse(from),
                    new ReadBlockRequest(volume, block, 0, StoreLimits.MAX_BLOCK_BYTES, true), timeout));
            Rpc.await(rpc.call(HostPort.parse(to), new ReplicateBlockRequest(volume, block, good.data(), good.crc(), true),
                    timeout));
            found.repaired(what + ": copied from store " + from + " to store " + to, true);
        } catch (WfsException failed) {
            found.repaired(what + ": could not copy from store " + from + " to store " + to + ": " + failed.getMessage(),
                    false);
        }
    }

    private boolean stillNames(long ino, int volume, long block) {
        SlicesReply now = slicesOrNull(slicesOf(ino));
        return now != null && now.slices().stream().anyMatch(s -> s.volume() == volume && s.blockId() == block);
    }
}
