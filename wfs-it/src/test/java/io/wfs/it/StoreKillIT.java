package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.store.BlockWrittenReply;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.store.disk.IndexRecord;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * {@code kill -9} of a real {@code bin/wfs store} process in the middle of a stream of writes
 * (issue 5): after the restart every acknowledged block reads back with its CRC, and the torn
 * tail the crash left — plus a half-written block and index record added on top, as a power
 * loss would leave them — is cut.
 */
class StoreKillIT {
    private static final int VOLUME = 7;
    private static final int IN_FLIGHT = 4;

    @Test
    void everyAcknowledgedBlockSurvivesKillDashNineAndTheTornTailIsCut() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(1).stores(1).storeProcesses(true)
                .storeSetting("store.fsync", "group").storeSetting("store.extent-size", "4MiB")
                .storeSetting("store.gc.enabled", "false").start()) {
            ProcessStoreNode store = cluster.storeProcess(0);
            RpcClient rpc = cluster.rpcClient();
            rpc.call(store.rpcAddress(), new CreateVolumeRequest(VOLUME, new String[] {store.address()}, true))
                    .get(10, TimeUnit.SECONDS);

            Map<Long, byte[]> acknowledged = new ConcurrentHashMap<>();
            AtomicLong nextId = new AtomicLong(1);
            // Its own client, closed at the kill, so that no write of the stream is still on its way
            // when the store restarts (one run saw a block appended after the restart).
            RpcClient writerRpc = cluster.rpcClient();
            Writer writer = new Writer(writerRpc, store, acknowledged, nextId);
            for (int i = 0; i < IN_FLIGHT; i++) {
                writer.next(new Random(i));
            }
            try {
                Await.until(Duration.ofSeconds(30), () -> acknowledged.size() >= 400,
                        () -> "400 blocks acknowledged before the kill, not " + acknowledged.size());
            } finally {
                store.kill();
                writer.stopped = true;
                writerRpc.close();
            }
            assertTrue(acknowledged.size() >= 400, "only " + acknowledged.size() + " blocks acknowledged before the kill");

            Path extent = newestExtent(store.dataDir().resolve("volume-" + VOLUME));
            Path index = extent.resolveSibling(extent.getFileName().toString().replace(".dat", ".idx"));
            long dataBefore = Files.size(extent);
            long indexBefore = Files.size(index);
            // The kill may come just after the newest extent was sealed (full) and before the next one
            // exists. A sealed extent only ever gets tombstones appended, so a crash can tear only its
            // index; an open one can also hold a block's bytes without their record.
            boolean sealed = sealed(index);
            appendTornTail(extent, index, !sealed);

            store.start();
            for (Map.Entry<Long, byte[]> e : acknowledged.entrySet()) {
                ReadBlockReply r = rpc.call(store.rpcAddress(),
                        new ReadBlockRequest(VOLUME, e.getKey(), 0, e.getValue().length, false)).get(10, TimeUnit.SECONDS);
                assertArrayEquals(e.getValue(), r.data(), "block " + e.getKey());
                assertEquals(crc(e.getValue()), r.crc(), "CRC of block " + e.getKey());
            }
            if (sealed) {
                assertTrue(store.log().contains(extent + ": cutting a torn index record"),
                        "recovery reports the cut of the sealed " + extent + " in:\n" + store.log());
                assertEquals(indexBefore, Files.size(index), "the torn index record of the sealed extent is cut");
            } else {
                // What recovery cut, from its own report: the junk is gone and nothing before the crash's end is lost
                // (the files themselves may already have grown again if a write arrived after the restart).
                Matcher cut = Pattern.compile(Pattern.quote(extent.toString())
                        + ": cutting a torn tail \\((\\d+) index records dropped, data (\\d+) -> (\\d+) bytes\\)")
                        .matcher(store.log());
                assertTrue(cut.find(), "recovery reports the cut of " + extent + " in:\n" + store.log());
                long dataAtStart = Long.parseLong(cut.group(2));
                long dataKept = Long.parseLong(cut.group(3));
                assertTrue(dataAtStart > dataBefore, "recovery saw the torn block: " + dataAtStart + " vs " + dataBefore);
                assertTrue(dataKept <= dataBefore, "the torn data tail is cut: kept " + dataKept + " of " + dataBefore);
                assertTrue(Files.size(index) % 40 == 0, "no partial index record is left: " + Files.size(index) + " vs "
                        + indexBefore);
                assertTrue(Files.size(extent) == dataKept || Files.size(index) > indexBefore,
                        "the data file grows past the cut only with new index records");
            }

            byte[] after = new byte[5000];
            new Random(99).nextBytes(after);
            long id = nextId.getAndIncrement();
            rpc.call(store.rpcAddress(), new WriteBlockRequest(VOLUME, id, after)).get(10, TimeUnit.SECONDS);
            assertArrayEquals(after, rpc.call(store.rpcAddress(), new ReadBlockRequest(VOLUME, id, 0, after.length, false))
                    .get(10, TimeUnit.SECONDS).data(), "the restarted store takes new writes");
        }
    }

    /** Keeps {@link #IN_FLIGHT} writes of 1 B..192 KiB going until stopped; records what was acknowledged. */
    private static final class Writer {
        final RpcClient rpc;
        final ProcessStoreNode store;
        final Map<Long, byte[]> acknowledged;
        final AtomicLong nextId;
        volatile boolean stopped;

        Writer(RpcClient rpc, ProcessStoreNode store, Map<Long, byte[]> acknowledged, AtomicLong nextId) {
            this.rpc = rpc;
            this.store = store;
            this.acknowledged = acknowledged;
            this.nextId = nextId;
        }

        void next(Random random) {
            if (stopped || !store.isRunning()) {
                return;
            }
            byte[] data = new byte[1 + random.nextInt(192 << 10)];
            random.nextBytes(data);
            long id = nextId.getAndIncrement();
            CompletableFuture<BlockWrittenReply> f = rpc.call(store.rpcAddress(), new WriteBlockRequest(VOLUME, id, data));
            f.whenComplete((reply, failure) -> {
                if (failure == null) {
                    acknowledged.put(id, data);
                    next(random);
                }
            });
        }
    }

    private static Path newestExtent(Path volumeDir) throws Exception {
        try (Stream<Path> files = Files.list(volumeDir)) {
            // An extent opens its data file, then its index: a kill between the two leaves a new, empty
            // data file without an index (the restart creates it). The newest extent with an index is
            // the one whose tail the kill may have torn.
            List<Path> data = files.filter(p -> p.getFileName().toString().endsWith(".dat"))
                    .filter(p -> Files.exists(p.resolveSibling(p.getFileName().toString().replace(".dat", ".idx"))))
                    .sorted(Comparator.reverseOrder()).toList();
            assertTrue(!data.isEmpty(), "extents in " + volumeDir);
            return data.get(0);
        }
    }

    /** Whether the extent's index holds a seal record. */
    private static boolean sealed(Path index) throws Exception {
        ByteBuffer records = ByteBuffer.wrap(Files.readAllBytes(index));
        while (records.remaining() >= IndexRecord.BYTES) {
            IndexRecord r = IndexRecord.readFrom(records);
            if (r != null && r.kind() == IndexRecord.SEAL) {
                return true;
            }
        }
        return false;
    }

    /** What a power loss leaves: a block's bytes without its record, and half an index record. */
    private static void appendTornTail(Path extent, Path index, boolean withData) throws Exception {
        byte[] junk = new byte[6000];
        new Random(7).nextBytes(junk);
        if (withData) {
            try (FileChannel ch = FileChannel.open(extent, StandardOpenOption.WRITE)) {
                long aligned = (ch.size() + 4095) / 4096 * 4096;
                ch.write(ByteBuffer.wrap(junk), aligned);
            }
        }
        try (FileChannel ch = FileChannel.open(index, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(junk, 0, 17));
        }
    }

    private static int crc(byte[] data) {
        CRC32C c = new CRC32C();
        c.update(data);
        return (int) c.getValue();
    }
}
