package io.wfs.meta.namespace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.posix.Posix;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DirectoryEntriesTest {
    private static final int REG = FileType.typeCode(Posix.S_IFREG);
    private static final int DIR = FileType.typeCode(Posix.S_IFDIR);

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** All entries as name -> ino, via readdir pages of the given size. */
    static Map<String, Long> list(DirectoryEntries d, int page) {
        Map<String, Long> out = new HashMap<>();
        long cookie = 0;
        while (cookie != DirectoryEntries.END) {
            cookie = d.readdir(cookie, page, (next, names, off, len, ino, type) -> {
                out.put(new String(names, off, len, StandardCharsets.UTF_8), ino);
                return true;
            });
        }
        return out;
    }

    @Test
    void insertLookupRemove() {
        DirectoryEntries d = new DirectoryEntries();
        assertEquals(0, d.lookup(b("a")));
        assertEquals(0, d.insert(b("a"), 10, REG));
        assertEquals(1, d.insert(b("b"), 11, DIR));
        assertEquals(10, d.lookup(b("a")));
        assertEquals(11, d.lookup(b("b")));
        assertEquals(DIR, d.lookupType(b("b")));
        assertEquals(-1, d.lookupType(b("c")));
        assertEquals(2, d.count());
        assertEquals(10, d.remove(b("a")));
        assertEquals(0, d.lookup(b("a")));
        assertEquals(1, d.count());
    }

    @Test
    void duplicateInsertIsEexistAndMissingRemoveIsEnoent() {
        DirectoryEntries d = new DirectoryEntries();
        d.insert(b("x"), 1, REG);
        NamespaceException e = assertThrows(NamespaceException.class, () -> d.insert(b("x"), 2, REG));
        assertEquals(NamespaceException.Code.EEXIST, e.code());
        assertEquals(1, d.lookup(b("x")));
        e = assertThrows(NamespaceException.class, () -> d.remove(b("y")));
        assertEquals(NamespaceException.Code.ENOENT, e.code());
    }

    @Test
    void nameOf255BytesIsAcceptedAnd256Rejected() {
        DirectoryEntries d = new DirectoryEntries();
        byte[] max = new byte[255];
        Arrays.fill(max, (byte) 'n');
        d.insert(max, 7, REG);
        assertEquals(7, d.lookup(max));
        Map<String, Long> listed = list(d, 10);
        assertEquals(7L, listed.get(new String(max, StandardCharsets.UTF_8)));
        byte[] tooLong = new byte[256];
        Arrays.fill(tooLong, (byte) 'n');
        NameTooLongException e = assertThrows(NameTooLongException.class, () -> d.insert(tooLong, 8, REG));
        assertEquals(NamespaceException.Code.ENAMETOOLONG, e.code());
        assertThrows(NameTooLongException.class, () -> d.lookup(tooLong));
        assertThrows(NameTooLongException.class, () -> d.replace(tooLong, 8, REG));
        assertEquals(1, d.count());
    }

    @Test
    void multiByteUtf8NamesCountBytes() {
        DirectoryEntries d = new DirectoryEntries();
        byte[] name = "é".repeat(127).getBytes(StandardCharsets.UTF_8); // 254 bytes
        d.insert(name, 3, REG);
        assertEquals(3, d.lookup(name));
        byte[] over = "é".repeat(128).getBytes(StandardCharsets.UTF_8); // 256 bytes
        assertThrows(NameTooLongException.class, () -> d.insert(over, 4, REG));
    }

    @Test
    void invalidNamesAreRejected() {
        DirectoryEntries d = new DirectoryEntries();
        for (byte[] bad : List.of(b(""), b("."), b(".."), b("a/b"), new byte[] {'a', 0, 'b'})) {
            NamespaceException e = assertThrows(NamespaceException.class, () -> d.insert(bad, 1, REG));
            assertEquals(NamespaceException.Code.EINVAL, e.code());
        }
        d.insert(b("..."), 1, REG);
        d.insert(b(".hidden"), 2, REG);
        assertEquals(2, d.count());
        assertThrows(IllegalArgumentException.class, () -> d.insert(b("zero"), 0, REG));
    }

    @Test
    void replaceKeepsPositionAndReturnsPrevious() {
        DirectoryEntries d = new DirectoryEntries();
        d.insert(b("a"), 1, REG);
        d.insert(b("target"), 2, REG);
        assertEquals(2, d.replace(b("target"), 99, DIR));
        assertEquals(99, d.lookup(b("target")));
        assertEquals(DIR, d.lookupType(b("target")));
        List<Long> cookies = new ArrayList<>();
        d.readdir(0, 10, (next, names, off, len, ino, type) -> cookies.add(next));
        assertEquals(List.of(1L, 2L), cookies, "positions unchanged by replace");
        assertEquals(0, d.replace(b("new"), 5, REG), "absent name is inserted");
        assertEquals(5, d.lookup(b("new")));
        assertEquals(3, d.count());
    }

    @Test
    void freedPositionsAreReusedLastFreedFirst() {
        DirectoryEntries d = new DirectoryEntries();
        for (int i = 0; i < 5; i++) {
            assertEquals(i, d.insert(b("n" + i), 100 + i, REG));
        }
        d.remove(b("n1"));
        d.remove(b("n3"));
        assertEquals(3, d.insert(b("x"), 200, REG));
        assertEquals(1, d.insert(b("y"), 201, REG));
        assertEquals(5, d.insert(b("z"), 202, REG));
        assertEquals(6, d.highWater());
        assertEquals(6, d.count());
    }

    @Test
    void arenaIsCompactedWithoutMovingPositions() {
        DirectoryEntries d = new DirectoryEntries();
        int n = 2000;
        for (int i = 0; i < n; i++) {
            d.insert(b("a-fairly-long-file-name-" + i), i + 1, REG);
        }
        int before = d.arenaCapacity();
        for (int i = 0; i < n; i++) {
            if (i % 10 != 0) {
                d.remove(b("a-fairly-long-file-name-" + i));
            }
        }
        assertTrue(d.arenaCapacity() < before / 2, "arena shrank: " + d.arenaCapacity() + " < " + before);
        assertEquals(n / 10, d.count());
        for (int i = 0; i < n; i += 10) {
            assertEquals(i + 1, d.lookup(b("a-fairly-long-file-name-" + i)));
        }
        List<long[]> entries = new ArrayList<>();
        d.readdir(0, Integer.MAX_VALUE, (next, names, off, len, ino, type) -> entries.add(new long[] {next - 1, ino}));
        assertEquals(n / 10, entries.size());
        for (long[] e : entries) {
            assertEquals(e[0] + 1, e[1], "entry kept its original position");
        }
    }

    @Test
    void readdirPagesAndStopsWhenVisitorIsFull() {
        DirectoryEntries d = new DirectoryEntries();
        for (int i = 0; i < 10; i++) {
            d.insert(b("f" + i), i + 1, REG);
        }
        d.remove(b("f0"));
        List<Long> seen = new ArrayList<>();
        long cookie = d.readdir(0, 3, (next, names, off, len, ino, type) -> seen.add(ino));
        assertEquals(List.of(2L, 3L, 4L), seen);
        assertEquals(4, cookie);
        int[] accepted = {0};
        long stopped = d.readdir(cookie, 10, (next, names, off, len, ino, type) -> ++accepted[0] <= 2);
        assertEquals(6, stopped, "third entry refused, so the cookie points at it");
        seen.clear();
        assertEquals(DirectoryEntries.END, d.readdir(stopped, 100, (next, names, off, len, ino, type) -> seen.add(ino)));
        assertEquals(List.of(7L, 8L, 9L, 10L), seen);
        assertEquals(DirectoryEntries.END, d.readdir(0, 100, (n, a, o, l, i, t) -> true));
        assertEquals(DirectoryEntries.END, new DirectoryEntries().readdir(0, 10, (n, a, o, l, i, t) -> true));
        assertThrows(IllegalArgumentException.class, () -> d.readdir(-5, 1, (n, a, o, l, i, t) -> true));
    }

    @Test
    void readdirReturnsEntriesPresentThroughoutExactlyOnceDespiteChanges() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            DirectoryEntries d = new DirectoryEntries();
            Set<String> current = new HashSet<>();
            long nextIno = 1;
            for (int i = 0; i < 300; i++) {
                String name = "init-" + i;
                d.insert(b(name), nextIno++, REG);
                current.add(name);
            }
            Set<String> presentThroughout = new HashSet<>(current);
            Map<String, Integer> returned = new HashMap<>();
            Set<String> everPresent = new HashSet<>(current);
            long cookie = 0;
            int fresh = 0;
            while (cookie != DirectoryEntries.END) {
                cookie = d.readdir(cookie, 1 + random.nextInt(17), (next, names, off, len, ino, type) -> {
                    returned.merge(new String(names, off, len, StandardCharsets.UTF_8), 1, Integer::sum);
                    return true;
                });
                int changes = random.nextInt(12);
                for (int c = 0; c < changes; c++) {
                    if (random.nextBoolean() && !current.isEmpty()) {
                        String victim = current.stream().sorted().skip(random.nextInt(current.size())).findFirst().get();
                        d.remove(b(victim));
                        current.remove(victim);
                        presentThroughout.remove(victim);
                    } else {
                        String name = "new-" + fresh++;
                        d.insert(b(name), nextIno++, REG);
                        current.add(name);
                        everPresent.add(name);
                    }
                }
            }
            for (String name : presentThroughout) {
                assertEquals(1, returned.getOrDefault(name, 0), "seed " + seed + ": " + name);
            }
            for (Map.Entry<String, Integer> e : returned.entrySet()) {
                assertTrue(everPresent.contains(e.getKey()), "never existed: " + e.getKey());
                assertTrue(e.getValue() <= 1 || !presentThroughout.contains(e.getKey()));
            }
            assertEquals(current.size(), d.count());
            for (String name : current) {
                assertTrue(d.lookup(b(name)) != 0);
            }
        }
    }

    @Test
    void randomizedAgainstAMapModel() {
        Random random = new Random(42);
        DirectoryEntries d = new DirectoryEntries();
        Map<String, Long> model = new HashMap<>();
        for (int step = 0; step < 50_000; step++) {
            String name = "k" + random.nextInt(3000);
            int op = random.nextInt(4);
            if (op == 0 || op == 1) {
                if (model.containsKey(name)) {
                    assertThrows(NamespaceException.class, () -> d.insert(b(name), 1, REG));
                } else {
                    long ino = step + 1;
                    d.insert(b(name), ino, REG);
                    model.put(name, ino);
                }
            } else if (op == 2) {
                if (model.containsKey(name)) {
                    assertEquals(model.remove(name), d.remove(b(name)));
                } else {
                    assertThrows(NamespaceException.class, () -> d.remove(b(name)));
                }
            } else {
                assertEquals(model.getOrDefault(name, 0L), d.lookup(b(name)));
            }
        }
        assertEquals(model, list(d, 97));
        assertEquals(model.size(), d.count());
    }

    @Test
    void readdirExposesTypeAndName() {
        DirectoryEntries d = new DirectoryEntries();
        d.insert(b("sub"), 77, DIR);
        byte[][] name = new byte[1][];
        int[] type = new int[1];
        d.readdir(0, 1, (next, names, off, len, ino, t) -> {
            name[0] = Arrays.copyOfRange(names, off, off + len);
            type[0] = t;
            return true;
        });
        assertArrayEquals(b("sub"), name[0]);
        assertEquals(DIR, type[0]);
        assertFalse(d.lookup(b("sub")) == 0);
    }
}
