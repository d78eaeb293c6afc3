package io.wfs.meta.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.GetXattrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.ListXattrRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.ReadlinkRequest;
import io.wfs.common.msg.meta.StatFsReply;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.posix.Posix;
import io.wfs.meta.ops.MetaTester;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Walks the model and the real namespace side by side, reading the real one only through its
 * request API as root (readdir with small random pages, lookup, getattr, readlink, xattrs,
 * statfs), and asserts they hold the same tree.
 */
final class TreeComparison {
    private final MetaTester real;
    private final Random rnd;
    private final MetaHeader root = MetaHeader.root();

    TreeComparison(MetaTester real, Random rnd) {
        this.real = real;
        this.rnd = rnd;
    }

    void compare(ModelFs model, ModelIndex index, String where) {
        Map<ModelNode, String> visited = new IdentityHashMap<>();
        ArrayDeque<ModelNode> todo = new ArrayDeque<>();
        visited.put(model.root, "/");
        todo.add(model.root);
        compareInode(model.root, real.run(new GetAttrRequest(root, model.root.ino)).attr(), where + " /");
        while (!todo.isEmpty()) {
            ModelNode dir = todo.poll();
            String path = visited.get(dir);
            boolean plus = rnd.nextBoolean();
            Map<String, DirEntry> entries = readdir(dir.ino, plus);
            assertEquals(dir.children.keySet(), entries.keySet(), where + ": names in " + path);
            for (Map.Entry<String, ModelNode> e : dir.children.entrySet()) {
                ModelNode child = e.getValue();
                String childPath = path + e.getKey() + (child.isDir() ? "/" : "");
                String at = where + " " + childPath;
                DirEntry entry = entries.get(e.getKey());
                assertEquals(child.ino, entry.ino(), at + ": entry ino");
                assertEquals(child.type >>> 12, entry.type(), at + ": entry type");
                if (plus) {
                    compareAttr(child, entry.attr(), at + " (readdirplus)");
                }
                compareAttr(child, real.run(new LookupRequest(root, dir.ino, bytes(e.getKey()))).attr(), at + " (lookup)");
                if (visited.putIfAbsent(child, childPath) == null) {
                    compareInode(child, real.run(new GetAttrRequest(root, child.ino)).attr(), at);
                    if (child.isDir()) {
                        assertTrue(child.live, at + ": reachable but dead in the model");
                        todo.add(child);
                    }
                }
            }
        }
        Map.Entry<Long, Long> usage = index.usage();
        StatFsReply fs = real.run(new StatFsRequest(root, 0));
        assertEquals(visited.size(), (long) usage.getKey(), where + ": model index and walk disagree");
        assertEquals(usage.getKey(), fs.usedInodes(), where + ": live inodes (a leaked or lost inode)");
        assertEquals(usage.getValue(), fs.usedBytes(), where + ": bytes of regular files");
    }

    private void compareInode(ModelNode n, InodeAttr a, String at) {
        compareAttr(n, a, at + " (getattr)");
        if (n.isDir()) {
            assertEquals(n.parent.ino, a.parent(), at + ": parent of a directory");
        }
        if (n.type == Posix.S_IFLNK) {
            byte[] target = real.run(new ReadlinkRequest(root, n.ino)).target();
            assertEquals(n.target, new String(target, StandardCharsets.UTF_8), at + ": symlink target");
        }
        byte[] listed = real.run(new ListXattrRequest(root, n.ino)).names();
        TreeMap<String, String> xattrs = new TreeMap<>();
        int start = 0;
        for (int i = 0; i < listed.length; i++) {
            if (listed[i] == 0) {
                String name = new String(listed, start, i - start, StandardCharsets.UTF_8);
                byte[] value = real.run(new GetXattrRequest(root, n.ino, bytes(name))).value();
                xattrs.put(name, new String(value, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        assertEquals(listed.length, start, at + ": xattr list ends with NUL");
        assertEquals(n.xattrs, xattrs, at + ": xattrs");
    }

    private static void compareAttr(ModelNode n, InodeAttr a, String at) {
        assertNotNull(a, at + ": no attributes");
        String is = at + ": model " + n + " real " + a;
        assertEquals(n.ino, a.ino(), is);
        assertEquals(Integer.toOctalString(n.mode()), Integer.toOctalString(a.mode()), is + ": mode");
        assertEquals(n.uid, a.uid(), is + ": uid");
        assertEquals(n.gid, a.gid(), is + ": gid");
        assertEquals(n.nlink, a.nlink(), is + ": nlink");
        assertEquals(n.size, a.size(), is + ": size");
    }

    /** The whole directory through pages of 1–7 entries, checking no name comes twice. */
    private Map<String, DirEntry> readdir(long dir, boolean plus) {
        Map<String, DirEntry> out = new TreeMap<>();
        long cookie = 0;
        List<String> order = new ArrayList<>();
        for (int pages = 0; ; pages++) {
            assertTrue(pages < 10_000, "readdir of " + dir + " does not end");
            ReaddirReply page = real.run(new ReaddirRequest(root, dir, cookie, 1 + rnd.nextInt(7), plus));
            for (DirEntry e : page.entries()) {
                String name = new String(e.name(), StandardCharsets.UTF_8);
                assertTrue(out.put(name, e) == null, "readdir of " + dir + " returned " + name + " twice: " + order);
                order.add(name);
            }
            if (page.eof()) {
                return out;
            }
            cookie = page.nextCookie();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
