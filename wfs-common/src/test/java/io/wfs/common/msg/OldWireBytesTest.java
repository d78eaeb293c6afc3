package io.wfs.common.msg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.NodeStatus;
import io.wfs.common.msg.manager.RegisterStoreNodeRequest;
import io.wfs.common.msg.manager.StoreHeartbeatRequest;
import io.wfs.common.msg.manager.VolumeFill;
import io.wfs.common.msg.meta.AckDeletionsRequest;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.LockForRenameRequest;
import io.wfs.common.msg.meta.LockInfoReply;
import io.wfs.common.msg.meta.LockRangeRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.RenameEntriesRequest;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetLockRequest;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkLockedChildRequest;
import io.wfs.common.msg.store.ReplicateBlockRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.testing.MessageSamples;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bytes written by the build before the message classes shared their fields (main at e291242,
 * protostuff bodies as they stand in a meta Raft log entry, a snapshot's session table or on the
 * wire) decode on this build into the very message the same constructor call builds now.
 * {@link WireSchemaCompatibilityTest} checks every field's number; this proves it on real bytes.
 */
class OldWireBytesTest {
    private static final MetaHeader HEADER = new MetaHeader(1000, 100, new int[] {100, 27})
            .withRouteVersion(9).withSequence(77, 5, 4);

    /** Representative messages, built with constructors whose signatures did not change. */
    static Map<String, Object> samples() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Mkdir", new MkdirRequest(HEADER, 1, name("dir"), 0755));
        m.put("Mknod", new MknodRequest(HEADER, 1, name("fifo"), Posix.S_IFIFO | 0644, 0, false));
        m.put("Symlink", new SymlinkRequest(HEADER, 1, name("ln"), name("target/of/link")));
        m.put("Rename", new RenameRequest(HEADER, 1, name("a"), 2, name("b"), RenameRequest.NOREPLACE));
        m.put("SetAttr", new SetAttrRequest(HEADER, 42,
                SetAttr.NOTHING.withMode(0640).withUid(5).withGid(7).withSize(4096).withAtime(11).withMtime(12)));
        m.put("Link", new LinkRequest(HEADER, 42, 3, name("hard")));
        m.put("LockForRemove", new LockForRemoveRequest(HEADER, 42, 1, name("victim"), true));
        m.put("LinkLockedChild", new LinkLockedChildRequest(HEADER, 1, name("sub"), 43, Posix.S_IFDIR | 0755, 123_456));
        m.put("UnlinkLockedChild", new UnlinkLockedChildRequest(HEADER, 1, name("sub"), 43, 1000, 123_456, true));
        m.put("CreateLocked", new CreateLockedRequest(HEADER, 17, Posix.S_IFDIR | 0700, 1000, 100, 1, name("sub")));
        RenamePlan plan = new RenamePlan(1, name("a"), 2, name("b"), 42, Posix.S_IFREG | 0644, 44,
                Posix.S_IFREG | 0600, true, 77, 6);
        m.put("LockForRename", new LockForRenameRequest(HEADER, 42, plan));
        m.put("RenameEntries", new RenameEntriesRequest(HEADER, plan, true, true, 1000, 321, 654));
        m.put("SetLock", new SetLockRequest(HEADER, 42, LockRangeRequest.POSIX, LockRangeRequest.WRITE, 10, 20, 99));
        m.put("AckDeletions", new AckDeletionsRequest(HEADER, 17, new long[] {5, 6, 7}));
        m.put("Readdir", new ReaddirRequest(HEADER, 1, 8, 100, true));
        m.put("AttrReply", new AttrReply(new InodeAttr(42, Posix.S_IFREG | 0644, 1, 1000, 100, 4096, 1, 2, 3, 0, 1),
                true));
        m.put("LockInfoReply", new LockInfoReply(true, LockRangeRequest.READ, 0, LockRangeRequest.TO_EOF, 99, 77));
        m.put("RegisterStoreNode", new RegisterStoreNodeRequest("10.0.0.5:9300", 4, 1L << 40, 1L << 39));
        m.put("StoreHeartbeat", new StoreHeartbeatRequest(3, "10.0.0.5:9300", 9, 1L << 39,
                new VolumeFill(new int[] {1, 2}, new long[] {10, 20}, new long[] {1, 2}, new long[] {3, 4})));
        m.put("ClusterStatusReply", new ClusterStatusReply(9, "10.0.0.1:9200", List.of("10.0.0.1:9200"), new byte[] {1},
                List.of(new NodeStatus(3, "store", "10.0.0.5:9300", true, 4, 1L << 40, 1L << 39, 250)),
                VolumeFill.of(new int[] {1}, new long[] {10}), 1L << 30, new long[] {0}));
        m.put("ReplicateBlock", new ReplicateBlockRequest(5, 1L << 33, new byte[] {1, 2, 3}, 0x1234, true));
        return m;
    }

    /** {@link #samples()} encoded by main at e291242 (before the shared base classes). */
    static final Map<String, String> OLD_BYTES = Map.ofEntries(
            Map.entry("Mkdir",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c10011a0364697220ed03"),
            Map.entry("Mknod",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c10011a046669666f20a42328003000"),
            Map.entry("Symlink",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c10011a026c6e220e7461726765742f6f662f6c696e6b"),
            Map.entry("Rename",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c10011a016120022a01623001"),
            Map.entry("SetAttr",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c102a183f20a00328053007388020400b480c"),
            Map.entry("Link",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c102a1803220468617264"),
            Map.entry("LockForRemove",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c102a1801220676696374696d2801"),
            Map.entry("LinkLockedChild",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c10011a03737562202b28ed830130c0c407"),
            Map.entry("UnlinkLockedChild",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c10011a03737562202b28e80730c0c4073801"),
            Map.entry("CreateLocked",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c101118c0830120e807286430013a03737562"),
            Map.entry("LockForRename",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c102a1b08011201611802220162282a30a48302382c408083024801504d58061c"),
            Map.entry("RenameEntries",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c1308011201611802220162282a30a48302382c408083024801504d5806141801200128e80730c102388e05"),
            Map.entry("SetLock",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c102a18012002280a30143863"),
            Map.entry("AckDeletions",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c10111b08031005100610071c"),
            Map.entry("Readdir",
                    "0b08e80710641b08021064101b1c2009284d3005380440000c1001180820642801"),
            Map.entry("AttrReply",
                    "0b082a10a48302180120e8072864308020380140024803500058010c1001"),
            Map.entry("LockInfoReply",
                    "08011001180020ffffffffffffffff7f2863304d"),
            Map.entry("RegisterStoreNode",
                    "0a0d31302e302e302e353a3933303010041880808080802020808080808010"),
            Map.entry("StoreHeartbeat",
                    "0803100918808080808010230b0802100110020c130802100a1014141b0802100110021c2308021003100424242a0d31302e302e302e353a39333030"),
            Map.entry("ClusterStatusReply",
                    "0809120d31302e302e302e313a393230301a0d31302e302e302e313a393230302201012b0803120573746f72651a0d31302e302e302e353a3933303020012804308080808080203880808080801040fa012c330b080110010c130801100a1434388080808004430801100044"),
            Map.entry("ReplicateBlock",
                    "08051080808080201a0301020320b4242801"));

    @Test
    void oldBytesDecodeIntoTheSameMessage() {
        Map<String, Object> samples = samples();
        assertEquals(samples.keySet(), OLD_BYTES.keySet());
        for (var e : samples.entrySet()) {
            Object expected = e.getValue();
            Object decoded = decodeOld(e.getKey(), expected.getClass());
            assertNull(MessageSamples.difference(expected, decoded), e.getKey() + ": old bytes decode differently");
            Object again = MessageCodec.decode(Unpooled.wrappedBuffer(MessageCodec.toBytes(expected)), expected.getClass());
            assertNull(MessageSamples.difference(decoded, again), e.getKey() + ": new bytes decode differently");
        }
    }

    /** The fields that moved to base classes or shared holders read back by their accessors. */
    @Test
    void movedFieldsReadBackThroughTheirAccessors() {
        LockForRemoveRequest lock = decodeOld("LockForRemove", LockForRemoveRequest.class);
        assertEquals(42, lock.ino());
        assertEquals(1, lock.parent());
        assertArrayEquals(name("victim"), lock.name());
        assertTrue(lock.directory());
        assertEquals(77, lock.header().session());

        RenameRequest rename = decodeOld("Rename", RenameRequest.class);
        assertEquals(1, rename.srcParent());
        assertArrayEquals(name("a"), rename.srcName());
        assertEquals(2, rename.dstParent());
        assertArrayEquals(name("b"), rename.dstName());
        assertEquals(RenameRequest.NOREPLACE, rename.flags());

        SetAttrRequest setAttr = decodeOld("SetAttr", SetAttrRequest.class);
        assertEquals(42, setAttr.ino());
        assertEquals(SetAttrRequest.MODE | SetAttrRequest.UID | SetAttrRequest.GID | SetAttrRequest.SIZE
                | SetAttrRequest.ATIME | SetAttrRequest.MTIME, setAttr.valid());
        assertEquals(0640, setAttr.mode());
        assertEquals(5, setAttr.uid());
        assertEquals(7, setAttr.gid());
        assertEquals(4096, setAttr.size());
        assertEquals(11, setAttr.atimeNs());
        assertEquals(12, setAttr.mtimeNs());

        LinkRequest link = decodeOld("Link", LinkRequest.class);
        assertEquals(42, link.ino());
        assertEquals(3, link.newParent());
        assertArrayEquals(name("hard"), link.newName());

        MkdirRequest mkdir = decodeOld("Mkdir", MkdirRequest.class);
        assertEquals(1, mkdir.parent());
        assertArrayEquals(name("dir"), mkdir.name());
        assertEquals(0755, mkdir.mode());

        RenameEntriesRequest entries = decodeOld("RenameEntries", RenameEntriesRequest.class);
        assertEquals(2, entries.plan().dstParent());
        assertArrayEquals(name("b"), entries.plan().dstName());
        assertEquals(44, entries.plan().replaced());
        assertEquals(654, entries.replacedLockTimeNs());

        SetLockRequest setLock = decodeOld("SetLock", SetLockRequest.class);
        assertEquals(42, setLock.ino());
        assertEquals(LockRangeRequest.WRITE, setLock.type());
        assertEquals(10, setLock.start());
        assertEquals(20, setLock.end());
        assertEquals(99, setLock.owner());

        NodeStatus node = decodeOld("ClusterStatusReply", ClusterStatusReply.class).nodes().get(0);
        assertEquals(4, node.disks());
        assertEquals(1L << 40, node.capacityBytes());
        assertEquals(1L << 39, node.freeBytes());
        assertEquals(250, node.heartbeatAgeMillis());
    }

    private static <T> T decodeOld(String key, Class<T> c) {
        return MessageCodec.decode(Unpooled.wrappedBuffer(HexFormat.of().parseHex(OLD_BYTES.get(key))), c);
    }

    private static byte[] name(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
