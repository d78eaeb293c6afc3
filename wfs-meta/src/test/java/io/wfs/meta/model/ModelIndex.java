package io.wfs.meta.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The model's inodes as lists to draw from, rebuilt by walking the tree before each step (the
 * tree stays at a few hundred nodes, so simplicity wins over incremental upkeep). Inodes that
 * died stay available (the latest 64) so requests naming a deleted inode are exercised too.
 */
final class ModelIndex {
    private static final int DEAD_KEPT = 64;

    private final ModelFs model;
    private final List<ModelNode> all = new ArrayList<>();
    private final List<ModelNode> dirs = new ArrayList<>();
    private final List<ModelNode> nonDirs = new ArrayList<>();
    private final List<ModelNode> dead = new ArrayList<>();
    private final Set<ModelNode> known = Collections.newSetFromMap(new IdentityHashMap<>());

    ModelIndex(ModelFs model) {
        this.model = model;
    }

    void refresh() {
        all.clear();
        dirs.clear();
        nonDirs.clear();
        Set<ModelNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<ModelNode> todo = new ArrayDeque<>();
        todo.add(model.root);
        seen.add(model.root);
        while (!todo.isEmpty()) {
            ModelNode n = todo.poll();
            all.add(n);
            (n.isDir() ? dirs : nonDirs).add(n);
            if (n.isDir()) {
                for (ModelNode child : n.children.values()) {
                    if (seen.add(child)) {
                        todo.add(child);
                    }
                }
            }
        }
        for (ModelNode n : known) {
            if (!seen.contains(n)) {
                dead.add(n);
            }
        }
        known.clear();
        known.addAll(seen);
        if (dead.size() > DEAD_KEPT) {
            dead.subList(0, dead.size() - DEAD_KEPT).clear();
        }
    }

    List<ModelNode> all() {
        return all;
    }

    List<ModelNode> dirs() {
        return dirs;
    }

    List<ModelNode> nonDirs() {
        return nonDirs;
    }

    List<ModelNode> dead() {
        return dead;
    }

    /** A random directory in the subtree of {@code top} (itself included). */
    ModelNode pickInSubtree(Random rnd, ModelNode top) {
        List<ModelNode> found = new ArrayList<>();
        ArrayDeque<ModelNode> todo = new ArrayDeque<>();
        todo.add(top);
        while (!todo.isEmpty()) {
            ModelNode d = todo.poll();
            found.add(d);
            for (ModelNode child : d.children.values()) {
                if (child.isDir()) {
                    todo.add(child);
                }
            }
        }
        return found.get(rnd.nextInt(found.size()));
    }

    /** A random directory on the path from the root to {@code dir} (both included). */
    ModelNode pickAncestor(Random rnd, ModelNode dir) {
        List<ModelNode> path = new ArrayList<>();
        for (ModelNode cur = dir; ; cur = cur.parent) {
            path.add(cur);
            if (cur.parent == cur) {
                break;
            }
        }
        return path.get(rnd.nextInt(path.size()));
    }

    /** The model's inode count and bytes of regular files, as statfs reports them for the group. */
    Map.Entry<Long, Long> usage() {
        long bytes = 0;
        for (ModelNode n : all) {
            if (n.isRegular()) {
                bytes += n.size;
            }
        }
        return Map.entry((long) all.size(), bytes);
    }
}
