package io.wfs.it;

import io.wfs.common.route.SlotMap;
import io.wfs.meta.namespace.DirectoryEntries;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.Namespace;
import io.wfs.meta.state.MetaStateMachine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks the whole namespace across groups, from the root, on the leaders' state, and lists
 * every inconsistency: a dangling entry, a directory reached twice or with a wrong parent
 * pointer, a wrong link count, a lock left behind, an intent left behind, or an inode no entry
 * reaches (leaked). An empty list means the namespace is consistent.
 */
final class NamespaceChecker {
    private record Entry(byte[] name, long child, int type) {
    }

    private final SlotMap slotMap;
    private final Map<String, MetaStateMachine> leaders;
    private final List<String> problems = new ArrayList<>();

    NamespaceChecker(SlotMap slotMap, Map<String, MetaStateMachine> leaders) {
        this.slotMap = slotMap;
        this.leaders = leaders;
    }

    List<String> check() {
        Map<Long, Integer> fileRefs = new HashMap<>();
        Set<Long> reached = new HashSet<>();
        reached.add(1L);
        Deque<Long> dirs = new ArrayDeque<>();
        dirs.push(1L);
        while (!dirs.isEmpty()) {
            long dir = dirs.pop();
            int subdirs = 0;
            for (Entry e : entries(dir)) {
                InodeAttributes a = attributes(e.child());
                String where = dir + "/" + new String(e.name());
                if (a == null) {
                    problems.add("dangling entry " + where + " -> " + e.child());
                    continue;
                }
                if (a.locked()) {
                    problems.add("locked inode left at " + where);
                }
                if (FileType.isDirectory(a.mode())) {
                    subdirs++;
                    if (a.parent() != dir) {
                        problems.add("directory " + where + " has parent pointer " + a.parent());
                    }
                    if (!reached.add(e.child())) {
                        problems.add("directory " + e.child() + " reached twice");
                    } else {
                        dirs.push(e.child());
                    }
                } else {
                    reached.add(e.child());
                    fileRefs.merge(e.child(), 1, Integer::sum);
                }
            }
            InodeAttributes d = attributes(dir);
            if (d.nlink() != 2 + subdirs) {
                problems.add("directory " + dir + " has nlink " + d.nlink() + ", expected " + (2 + subdirs));
            }
        }
        fileRefs.forEach((ino, refs) -> {
            int nlink = attributes(ino).nlink();
            if (nlink != refs) {
                problems.add("inode " + ino + " has nlink " + nlink + " but " + refs + " entries");
            }
        });
        long used = 0;
        for (MetaStateMachine m : leaders.values()) {
            used += m.<Long>read(Namespace::usedInodes);
            if (!m.intentsLockedBefore(Long.MAX_VALUE).isEmpty()) {
                problems.add("intents left: " + m.intentsLockedBefore(Long.MAX_VALUE));
            }
        }
        if (used != reached.size()) {
            problems.add((used - reached.size()) + " inodes are not reachable from the root (leaked)");
        }
        return problems;
    }

    private MetaStateMachine owner(long ino) {
        return leaders.get(slotMap.groupOfIno(ino).id());
    }

    private InodeAttributes attributes(long ino) {
        return owner(ino).read(ns -> {
            if (!ns.contains(ino)) {
                return null;
            }
            InodeAttributes a = new InodeAttributes();
            ns.getAttributes(ino, a);
            return a;
        });
    }

    private List<Entry> entries(long dir) {
        return owner(dir).read(ns -> {
            List<Entry> out = new ArrayList<>();
            DirectoryEntries entries = ns.slotOf(dir).directory(dir);
            entries.readdir(0, Integer.MAX_VALUE, (next, names, off, len, child, type) ->
                    out.add(new Entry(Arrays.copyOfRange(names, off, off + len), child, type)));
            return out;
        });
    }
}
