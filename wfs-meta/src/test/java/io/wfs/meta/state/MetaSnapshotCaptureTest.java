package io.wfs.meta.state;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetQuotaRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.posix.Posix;
import io.wfs.meta.ops.MetaTester;
import io.wfs.raft.SnapshotImage;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The copy-on-write snapshot: a capture, written after thousands more changes, has exactly the
 * bytes a stopped-the-world snapshot had at the moment of the capture; and the live state that
 * went on changing (cloning pages, directories and slice lists) ends equal to a twin that never
 * shared anything.
 */
class MetaSnapshotCaptureTest {
    private static final String[] NAMES = {"a", "b", "c", "d", "e", "f", "train_000000001.jpeg"};

    @Test
    void aCaptureWrittenLaterHasTheBytesOfItsMomentAndTheLiveStateStaysRight() throws Exception {
        for (long seed = 1; seed <= 6; seed++) {
            MetaTester shared = new MetaTester();
            MetaTester twin = new MetaTester();
            Random rnd = new Random(seed);
            LongArrayList dirs = LongArrayList.of(ROOT);
            LongArrayList files = new LongArrayList();
            for (int round = 0; round < 4; round++) {
                run(rnd, 400, shared, twin, dirs, files);
                byte[] atCapture = snapshot(shared);
                SnapshotImage image = shared.machine().captureSnapshot();
                run(rnd, 1500, shared, twin, dirs, files);
                assertArrayEquals(atCapture, written(image), "seed " + seed + ", round " + round);
                if (round % 2 == 0) {
                    image.release();
                }
                assertEquals(twin.machine().digest(), shared.machine().digest(), "seed " + seed + ", round " + round);
            }
            assertArrayEquals(snapshot(twin), snapshot(shared), "seed " + seed);
        }
    }

    private static byte[] snapshot(MetaTester t) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.machine().writeSnapshot(new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    private static byte[] written(SnapshotImage image) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        image.writeTo(out);
        out.flush();
        return bytes.toByteArray();
    }

    /** Random changes of every kind the snapshot holds, the same on both testers. */
    private static void run(Random rnd, int count, MetaTester a, MetaTester b, LongArrayList dirs, LongArrayList files) {
        for (int i = 0; i < count; i++) {
            long dir = dirs.getLong(rnd.nextInt(dirs.size()));
            byte[] name = n(NAMES[rnd.nextInt(NAMES.length)] + rnd.nextInt(40));
            long file = files.isEmpty() ? ROOT : files.getLong(rnd.nextInt(files.size()));
            MetaRequest<?> request = switch (rnd.nextInt(12)) {
                case 0, 1 -> new MknodRequest(a.h(), dir, name, Posix.S_IFREG | 0644, 0);
                case 2 -> new MkdirRequest(a.h(), dir, name, 0755);
                case 3, 4 -> new CommitSlicesRequest(a.h(), file, List.of(new SliceInfo(rnd.nextInt(4) * 8192L,
                        1 + rnd.nextInt(8192), 1 + rnd.nextInt(3), 1_000_000 + rnd.nextInt(1 << 20), 0)), 0);
                case 5 -> new SetAttrRequest(a.h(), file, SetAttr.NOTHING.withSize(rnd.nextInt(20_000)));
                case 6 -> new SetXattrRequest(a.h(), rnd.nextBoolean() ? file : dir, n("user.k" + rnd.nextInt(3)),
                        n("v" + rnd.nextInt(1000)), 0);
                case 7 -> new UnlinkRequest(a.h(), dir, name);
                case 8 -> new RmdirRequest(a.h(), dir, name);
                case 9 -> new RenameRequest(a.h(), dir, name, dirs.getLong(rnd.nextInt(dirs.size())),
                        n(NAMES[rnd.nextInt(NAMES.length)]), 0);
                case 10 -> rnd.nextBoolean() ? new SymlinkRequest(a.h(), dir, name, n("target" + i))
                        : new LinkRequest(a.h(), file, dir, name);
                default -> new SetQuotaRequest(a.h(), dir, rnd.nextInt(3) * 100_000L, 0);
            };
            Object ra = apply(a, request);
            Object rb = apply(b, request);
            assertEquals(outcome(rb), outcome(ra), "same outcome on both");
            if (ra instanceof io.wfs.common.msg.meta.AttrReply reply) {
                long ino = reply.attr().ino();
                if (Posix.isDirectory(reply.attr().mode())) {
                    dirs.add(ino);
                } else if ((reply.attr().mode() & Posix.S_IFMT) == Posix.S_IFREG && !files.contains(ino)) {
                    files.add(ino);
                }
            }
        }
    }

    private static String outcome(Object result) {
        return result instanceof io.wfs.common.msg.meta.AttrReply reply ? "ino " + reply.attr().ino() + " size "
                + reply.attr().size() : String.valueOf(result);
    }

    private static Object apply(MetaTester t, MetaRequest<?> request) {
        try {
            Object r = t.run(request);
            return r instanceof io.wfs.common.msg.meta.AttrReply reply ? reply : "ok";
        } catch (WfsException e) {
            return e.code();
        }
    }
}
