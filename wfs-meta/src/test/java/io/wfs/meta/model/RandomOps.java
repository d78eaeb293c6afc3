package io.wfs.meta.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.RemoveXattrRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.Response;
import io.wfs.meta.ops.MetaTester;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Draws random operations and applies each to the real state machine (through {@link MetaTester},
 * as Raft would) and to the model, asserting the same outcome: success, or the same error code.
 */
final class RandomOps {
    /** Few names, so that EEXIST, ENOENT and ENOTEMPTY come up often; one of realistic length. */
    private static final String[] NAMES = {"a", "b", "c", "d", "e", "train_000000001.jpeg"};
    private static final int[] DIR_MODES = {0755, 0775, 0777, 01777, 02775, 02777, 0700, 0555, 0311, 04755, 03777};
    private static final int[] FILE_MODES = {0644, 0664, 0666, 0600, 0444, 0755, 04755, 02755, 02644, 06777, 0, 02070};
    private static final int[] UIDS = {0, 1000, 1001, 1002};
    private static final int[] GIDS = {0, 100, 200, 300};
    private static final String[] XATTRS = {"user.a", "user.b", "trusted.t"};
    /** Root and three users whose groups overlap (100 and 200 shared by two users each). */
    private static final ModelCaller[] CALLERS = {
        new ModelCaller(0, 0), new ModelCaller(1000, 100, 100, 200), new ModelCaller(1001, 200, 200, 300),
        new ModelCaller(1002, 300, 100)};

    private final long seed;
    private final Random rnd;
    private final MetaTester real;
    private final ModelFs model;
    private final ModelIndex index;
    private long blockIds = 1L << 40;
    private int step;
    private String last = "";
    /** Outcomes per operation, printed so a reader can see that every path is exercised. */
    private final Map<String, Map<String, Integer>> outcomes = new TreeMap<>();

    RandomOps(long seed, MetaTester real, ModelFs model) {
        this.seed = seed;
        this.rnd = new Random(seed);
        this.real = real;
        this.model = model;
        this.index = new ModelIndex(model);
        model.root.ino = MetaTester.ROOT;
    }

    Random random() {
        return rnd;
    }

    /** One random operation on both sides. */
    void step() {
        step++;
        index.refresh();
        ModelCaller c = CALLERS[rnd.nextInt(CALLERS.length)];
        MetaHeader h = c.header();
        int k = rnd.nextInt(100);
        if (k < 12) {
            ModelNode p = pickDir();
            String name = pickName(p);
            int mode = pick(DIR_MODES);
            check(c, "mkdir " + name + " " + Integer.toOctalString(mode) + " in " + p,
                    new MkdirRequest(h, p.ino, bytes(name), mode), () -> model.mkdir(c, p, name, mode));
        } else if (k < 26) {
            ModelNode p = pickDir();
            String name = pickName(p);
            int type = rnd.nextInt(5) == 0 ? Posix.S_IFIFO : Posix.S_IFREG;
            int mode = pick(FILE_MODES);
            check(c, "mknod " + name + " " + Integer.toOctalString(type | mode) + " in " + p,
                    new MknodRequest(h, p.ino, bytes(name), type | mode, 0), () -> model.mknod(c, p, name, type, mode));
        } else if (k < 31) {
            ModelNode p = pickDir();
            String name = pickName(p);
            String target = "../t" + rnd.nextInt(1000);
            check(c, "symlink " + name + " in " + p, new SymlinkRequest(h, p.ino, bytes(name), bytes(target)),
                    () -> model.symlink(c, p, name, target));
        } else if (k < 37) {
            ModelNode target = rnd.nextInt(8) == 0 ? pickAny() : pickNonDir();
            ModelNode p = pickDir();
            String name = pickName(p);
            check(c, "link " + target + " as " + name + " in " + p, new LinkRequest(h, target.ino, p.ino, bytes(name)),
                    () -> model.link(c, target, p, name));
        } else if (k < 47) {
            ModelNode p = pickDir();
            String name = pickName(p);
            check(c, "unlink " + name + " in " + p, new UnlinkRequest(h, p.ino, bytes(name)),
                    () -> run(() -> model.unlink(c, p, name)));
        } else if (k < 54) {
            ModelNode p = pickDir();
            String name = pickName(p);
            check(c, "rmdir " + name + " in " + p, new RmdirRequest(h, p.ino, bytes(name)),
                    () -> run(() -> model.rmdir(c, p, name)));
        } else if (k < 72) {
            rename(c, h);
        } else {
            attributes(c, h, k);
        }
    }

    private void rename(ModelCaller c, MetaHeader h) {
        ModelNode srcDir = pickDir();
        String srcName = pickName(srcDir);
        ModelNode moved = srcDir.isDir() ? srcDir.children.get(srcName) : null;
        ModelNode dstDir;
        int r = rnd.nextInt(100);
        if (r < 30) {
            dstDir = srcDir;
        } else if (r < 45 && moved != null && moved.isDir()) {
            dstDir = index.pickInSubtree(rnd, moved);
        } else if (r < 55 && srcDir.isDir() && srcDir.live) {
            dstDir = index.pickAncestor(rnd, srcDir);
        } else {
            dstDir = pickDir();
        }
        String dstName = pickName(dstDir);
        int f = rnd.nextInt(100);
        int flags = f < 70 ? 0 : f < 85 ? RenameRequest.NOREPLACE : RenameRequest.EXCHANGE;
        check(c, "rename " + srcName + " in " + srcDir + " to " + dstName + " in " + dstDir + " flags " + flags,
                new RenameRequest(h, srcDir.ino, bytes(srcName), dstDir.ino, bytes(dstName), flags),
                () -> run(() -> ModelRename.rename(c, srcDir, srcName, dstDir, dstName, flags)));
    }

    private void attributes(ModelCaller c, MetaHeader h, int k) {
        ModelNode n = pickAny();
        if (k < 79) {
            int mode = rnd.nextBoolean() ? pick(DIR_MODES) : pick(FILE_MODES);
            check(c, "chmod " + Integer.toOctalString(mode) + " " + n,
                    new SetAttrRequest(h, n.ino, SetAttr.NOTHING.withMode(mode)),
                    () -> run(() -> ModelAttrs.chmod(c, n, mode)));
        } else if (k < 84) {
            int which = rnd.nextInt(3);
            int uid = which == 1 ? -1 : pick(UIDS);
            int gid = which == 0 ? -1 : pick(GIDS);
            int valid = (uid >= 0 ? SetAttrRequest.UID : 0) | (gid >= 0 ? SetAttrRequest.GID : 0);
            check(c, "chown " + uid + ":" + gid + " " + n,
                    new SetAttrRequest(h, n.ino, new SetAttr(valid, 0, Math.max(uid, 0), Math.max(gid, 0), 0, 0, 0)),
                    () -> run(() -> ModelAttrs.chown(c, n, uid, gid)));
        } else if (k < 88) {
            long size = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(100_000);
            check(c, "truncate " + size + " " + n, new SetAttrRequest(h, n.ino, SetAttr.NOTHING.withSize(size)),
                    () -> run(() -> ModelAttrs.truncate(c, n, size)));
        } else if (k < 93) {
            String name = XATTRS[rnd.nextInt(XATTRS.length)];
            String value = "v" + rnd.nextInt(100);
            int flags = rnd.nextInt(3);
            check(c, "setxattr " + name + " flags " + flags + " " + n,
                    new SetXattrRequest(h, n.ino, bytes(name), bytes(value), flags),
                    () -> run(() -> ModelAttrs.setXattr(c, n, name, value, flags)));
        } else if (k < 96) {
            String name = XATTRS[rnd.nextInt(XATTRS.length)];
            check(c, "removexattr " + name + " " + n, new RemoveXattrRequest(h, n.ino, bytes(name)),
                    () -> run(() -> ModelAttrs.removeXattr(c, n, name)));
        } else {
            ModelNode f = rnd.nextInt(4) == 0 ? n : pickNonDir();
            long offset = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(200_000);
            int length = 1 + rnd.nextInt(8192);
            long newSize = rnd.nextBoolean() ? offset + length : rnd.nextInt(300_000);
            SliceInfo slice = new SliceInfo(offset, length, 7, ++blockIds, 0);
            check(c, "commit " + offset + "+" + length + " size " + newSize + " " + f,
                    new CommitSlicesRequest(h, f.ino, List.of(slice), newSize),
                    () -> run(() -> ModelAttrs.commit(c, f, offset, length, newSize)));
        }
    }

    /**
     * Runs {@code request} on the real state machine and {@code modelSide} on the model; the
     * outcomes must agree. A created model node learns the inode number the real side chose.
     */
    private void check(ModelCaller c, String what, MetaRequest<?> request, Supplier<Object> modelSide) {
        last = c + ": " + what;
        WfsErrorCode realCode = null;
        Response reply = null;
        try {
            reply = real.run(request);
        } catch (WfsException e) {
            realCode = e.code();
        }
        WfsErrorCode modelCode = null;
        Object made = null;
        try {
            made = modelSide.get();
        } catch (ModelError e) {
            modelCode = e.code();
        }
        assertEquals(modelCode, realCode, "seed " + seed + ", step " + step + ", " + c + ": " + what
                + " (null = success)");
        outcomes.computeIfAbsent(what.substring(0, what.indexOf(' ')), k -> new TreeMap<>())
                .merge(realCode == null ? "ok" : realCode.name(), 1, Integer::sum);
        if (made instanceof ModelNode node && node.ino == 0 && reply instanceof AttrReply a) {
            node.ino = a.attr().ino();
        }
    }

    private static Object run(Runnable action) {
        action.run();
        return null;
    }

    Map<String, Map<String, Integer>> outcomes() {
        return outcomes;
    }

    String where() {
        return "seed " + seed + ", after step " + step + " (" + last + ")";
    }

    // ---- choices ----

    /** Mostly a live directory; sometimes a non-directory (ENOTDIR) or a deleted inode (ENOENT). */
    private ModelNode pickDir() {
        int r = rnd.nextInt(100);
        if (r < 5 && !index.dead().isEmpty()) {
            return pick(index.dead());
        }
        if (r < 10 && !index.nonDirs().isEmpty()) {
            return pick(index.nonDirs());
        }
        return pick(index.dirs());
    }

    private ModelNode pickNonDir() {
        if (index.nonDirs().isEmpty() || rnd.nextInt(20) == 0) {
            return pickAny();
        }
        return pick(index.nonDirs());
    }

    private ModelNode pickAny() {
        if (rnd.nextInt(25) == 0 && !index.dead().isEmpty()) {
            return pick(index.dead());
        }
        return pick(index.all());
    }

    /** Usually an existing entry of {@code dir}, so operations find something to act on. */
    private String pickName(ModelNode dir) {
        if (dir.isDir() && !dir.children.isEmpty() && rnd.nextInt(100) < 60) {
            List<String> names = List.copyOf(dir.children.keySet());
            return names.get(rnd.nextInt(names.size()));
        }
        return NAMES[rnd.nextInt(NAMES.length)];
    }

    private <T> T pick(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    private int pick(int[] values) {
        return values[rnd.nextInt(values.length)];
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
