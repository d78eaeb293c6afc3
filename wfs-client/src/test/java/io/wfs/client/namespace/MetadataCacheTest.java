package io.wfs.client.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.testing.Await;
import io.wfs.common.posix.Posix;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MetadataCacheTest {
    private static final InodeAttr DIR = new InodeAttr(7, Posix.S_IFDIR | 0755, 2, 1000, 100, 0, 1, 1, 1, 0, 1);

    @Test
    void aChangedEntryHidesTheDirectorysTimesFromStatButNotItsModeFromAWalk() {
        MetadataCache cache = new MetadataCache(Duration.ofMinutes(1), 100);
        cache.putAttr(DIR);
        assertEquals(DIR, cache.attr(7));
        cache.entriesChanged(7);
        assertNull(cache.attr(7), "stat must ask the servers: mtime, ctime and nlink moved");
        assertEquals(DIR, cache.attrForWalk(7), "type, mode and owner did not move");
        cache.putAttr(DIR);
        assertEquals(DIR, cache.attr(7), "fresh attributes replace the stale ones");
        cache.forgetAttr(7);
        assertNull(cache.attrForWalk(7), "a chmod or chown forgets them for walks too");
        cache.entriesChanged(8);
        assertNull(cache.attrForWalk(8), "nothing is made up for an unknown directory");
    }

    @Test
    void expiredAttributesServeNeitherStatNorAWalk() {
        MetadataCache cache = new MetadataCache(Duration.ofNanos(1), 100);
        cache.putAttr(DIR);
        long start = System.nanoTime();
        while (System.nanoTime() - start < 1_000) {
            Thread.onSpinWait();
        }
        assertNull(cache.attr(7));
        assertNull(cache.attrForWalk(7));
    }

    private static final InodeAttr FILE = new InodeAttr(9, Posix.S_IFREG | 0644, 1, 1000, 100, 5, 1, 1, 1, 0, 7);
    private static final InodeAttr OTHER_FILE = new InodeAttr(10, Posix.S_IFREG | 0644, 1, 1000, 100, 5, 1, 1, 1, 0, 8);

    private static CacheLeaseKeeper.GroupLease lease(long validForNs) {
        CacheLeaseKeeper.GroupLease l = new CacheLeaseKeeper.GroupLease("g1", 0);
        l.validUntil(System.nanoTime() + validForNs);
        return l;
    }

    /**
     * A directory several mounts create in is leased to nobody: its unleased attributes let path walks
     * pass through it for a second, but never serve stat nor a check the servers will not repeat.
     */
    @Test
    void unleasedAttributesOfADirectoryServeOnlyToPassThroughIt() {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        cache.putAttr(DIR);
        cache.putPassThrough(DIR);
        assertNull(cache.attr(7), "not for stat");
        assertNull(cache.attrForWalk(7), "not for a permission check the servers will not repeat");
        assertEquals(DIR, cache.attrToPassThrough(7));
        cache.putPassThrough(FILE);
        assertNull(cache.attrToPassThrough(9), "directories only");
        cache.invalidate(new long[] {7});
        assertNull(cache.attrToPassThrough(7), "an invalidation of the directory's key drops them");
        cache.putPassThrough(DIR);
        cache.forgetAttr(7);
        assertNull(cache.attrToPassThrough(7), "so does this client's own chmod or chown");
        cache.putPassThrough(DIR);
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        InodeAttr chmodded = new InodeAttr(7, Posix.S_IFDIR | 0700, 2, 1000, 100, 0, 1, 1, 2, 0, 1);
        cache.putAttr(chmodded, lease, cache.generation());
        assertEquals(chmodded, cache.attrToPassThrough(7), "leased attributes win");
    }

    @Test
    void passThroughAttributesExpireAfterASecond() throws Exception {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        cache.putPassThrough(DIR);
        long start = System.nanoTime();
        Await.until(Duration.ofSeconds(5), () -> cache.attrToPassThrough(7) == null, "pass-through attributes expire");
        long waited = System.nanoTime() - start;
        org.junit.jupiter.api.Assertions.assertTrue(waited >= MetadataCache.PASS_THROUGH_NS,
                "not before " + MetadataCache.PASS_THROUGH_NS + " ns, went after " + waited);
    }

    /** No TTL at all: only leased answers are kept, for as long as their group's lease runs. */
    @Test
    void leasedAnswersAreServedUntilTheirKeyIsInvalidated() {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        cache.put(7, "f", FILE);
        assertEquals(0, cache.lookup(7, "f"), "without a lease and without a TTL nothing is kept");
        cache.put(7, "f", FILE, lease, cache.generation());
        cache.putAttr(DIR, lease, cache.generation());
        cache.put(8, "g", OTHER_FILE, lease, cache.generation());
        assertEquals(9, cache.lookup(7, "f"));
        assertEquals(FILE, cache.attr(9));
        assertEquals(DIR, cache.attr(7));

        cache.invalidate(new long[] {7});
        assertEquals(0, cache.lookup(7, "f"), "the directory's names go");
        assertNull(cache.attr(9), "the attributes of its files go");
        assertNull(cache.attr(7), "its own attributes go");
        assertEquals(10, cache.lookup(8, "g"), "another directory's stay");
        assertEquals(OTHER_FILE, cache.attr(10));
    }

    @Test
    void anAnswerAskedForBeforeAnInvalidationIsNotLeased() {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        long askedAt = cache.generation();
        // The leader invalidated key 7 while this answer was on its way: it may predate the change.
        cache.invalidate(new long[] {7});
        cache.put(7, "f", FILE, lease, askedAt);
        assertEquals(0, cache.lookup(7, "f"));
        assertNull(cache.attr(9));
    }

    /** A newer answer that cannot be kept (no lease, no TTL) must not leave the older one served. */
    @Test
    void aNewerAnswerThatIsNotKeptForgetsTheOlderOne() {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        cache.put(7, "f", FILE, lease, cache.generation());
        assertEquals(FILE, cache.attr(9));
        long askedAt = cache.generation();
        cache.invalidate(new long[] {99});
        InodeAttr chmodded = new InodeAttr(9, Posix.S_IFREG | 0600, 1, 1000, 100, 5, 1, 1, 2, 0, 7);
        cache.putAttr(chmodded, lease, askedAt);
        assertNull(cache.attr(9), "the attributes from before the chmod are gone");
        cache.put(7, "f", chmodded, null, cache.generation());
        assertEquals(0, cache.lookup(7, "f"), "an unleased answer replaces the cached name by nothing");
    }

    /**
     * The kernel looks a directory's name up in a parent other mounts change (leased to nobody)
     * on every path walk: that unleased answer, older than what this client holds under the
     * directory's lease and moved ahead with its own creates there, must not drop it.
     */
    @Test
    void anUnleasedAnswerNoNewerThanLeasedAttributesLeavesThemServed() {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        cache.putAttr(DIR, lease, cache.generation());
        cache.touchedHere(7, 5);
        InodeAttr touched = cache.attr(7);
        assertEquals(5, touched.mtimeNs());
        cache.put(1, "d", DIR, null, cache.generation());
        assertEquals(touched, cache.attr(7), "the lookup's older attributes leave the leased ones");
        assertEquals(0, cache.lookup(1, "d"), "the unleased name itself is not kept");
        cache.putAttr(DIR, null, cache.generation());
        assertEquals(touched, cache.attr(7), "nor does an unleased getattr answer");
        InodeAttr chmodded = new InodeAttr(7, Posix.S_IFDIR | 0700, 2, 1000, 100, 0, 1, 5, 6, 0, 1);
        cache.put(1, "d", chmodded, null, cache.generation());
        assertNull(cache.attr(7), "a newer answer (another session's change on its way) drops them");
        CacheLeaseKeeper.GroupLease lapsed = lease(0);
        cache.putAttr(DIR, lapsed, cache.generation());
        cache.putAttr(chmodded, null, cache.generation());
        assertNull(cache.attrForWalk(7), "attributes under a lapsed lease hold nothing back");
    }

    @Test
    void aLapsedGroupLeaseServesNothingAndADropForgetsEverything() {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        CacheLeaseKeeper.GroupLease lapsed = lease(-1);
        cache.put(7, "f", FILE, lapsed, cache.generation());
        assertEquals(0, cache.lookup(7, "f"));
        assertNull(cache.attr(9));
        CacheLeaseKeeper.GroupLease live = lease(Duration.ofMinutes(1).toNanos());
        cache.put(7, "f", FILE, live, cache.generation());
        assertEquals(9, cache.lookup(7, "f"));
        cache.dropLeased(live);
        assertEquals(0, cache.lookup(7, "f"));
        assertNull(cache.attr(9));
    }

    /** A restart of one group's leases drops what that group leased, not what the others did. */
    @Test
    void aDropForgetsOnlyWhatThatGroupLeased() {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        CacheLeaseKeeper.GroupLease first = lease(Duration.ofMinutes(1).toNanos());
        CacheLeaseKeeper.GroupLease second = new CacheLeaseKeeper.GroupLease("g2", 2048);
        second.validUntil(System.nanoTime() + Duration.ofMinutes(1).toNanos());
        cache.put(7, "f", FILE, first, cache.generation());
        cache.put(8, "g", OTHER_FILE, second, cache.generation());
        cache.put(8, "h", new InodeAttr(11, Posix.S_IFREG | 0644, 1, 1000, 100, 5, 1, 1, 1, 0, 8), first, cache.generation());
        long askedAt = cache.generation();
        cache.dropLeased(first);
        assertEquals(0, cache.lookup(7, "f"));
        assertNull(cache.attr(9));
        assertEquals(0, cache.lookup(8, "h"), "a name the first group leased goes, in any directory");
        assertEquals(10, cache.lookup(8, "g"), "the second group's answers stay");
        assertEquals(OTHER_FILE, cache.attr(10));
        cache.put(7, "f", FILE, first, askedAt);
        assertEquals(0, cache.lookup(7, "f"), "an answer asked for before the drop is not kept as leased");
        cache.invalidate(new long[] {8});
        assertNull(cache.attr(10), "the second group's keys still invalidate what they cover");
    }

    /** No TTL; DIR cached under {@code lease}. */
    private static MetadataCache leasedWithDirectory(CacheLeaseKeeper.GroupLease lease) {
        MetadataCache cache = new MetadataCache(Duration.ZERO, 100);
        cache.putAttr(DIR, lease, cache.generation());
        return cache;
    }

    private static InodeAttr dirWithLinks(int nlink, long mtime) {
        return new InodeAttr(7, Posix.S_IFDIR | 0755, nlink, 1000, 100, 0, 1, mtime, mtime, 0, 1);
    }

    @Test
    void aLoneChangeOfADirectoryKeepsTheDirectoryItsAnswerCarries() {
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        MetadataCache cache = leasedWithDirectory(lease);
        long askedAt = cache.generation();
        InodeAttr afterMkdir = dirWithLinks(3, 50);
        cache.changeStarts(7);
        cache.changeEnds(7, afterMkdir, lease, askedAt);
        assertEquals(afterMkdir, cache.attr(7), "stat is answered from the mkdir's answer");
        // Unleased, or after an invalidation: walkable, not for stat.
        askedAt = cache.generation();
        cache.changeStarts(7);
        cache.changeEnds(7, dirWithLinks(4, 60), null, askedAt);
        assertNull(cache.attr(7));
        assertEquals(afterMkdir, cache.attrForWalk(7));
        cache.putAttr(DIR, lease, cache.generation());
        askedAt = cache.generation();
        cache.changeStarts(7);
        cache.invalidate(new long[] {99});
        cache.changeEnds(7, dirWithLinks(4, 60), lease, askedAt);
        assertNull(cache.attr(7), "an invalidation meanwhile: the answer may be older than what it dropped");
    }

    @Test
    void overlappingChangesOfOneDirectoryKeepNoneOfTheirAnswers() {
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        MetadataCache cache = leasedWithDirectory(lease);
        long askedAt = cache.generation();
        cache.changeStarts(7);
        cache.changeStarts(7);
        // The later change's answer comes first; the earlier one's, older, after it.
        cache.changeEnds(7, dirWithLinks(4, 60), lease, askedAt);
        cache.changeEnds(7, dirWithLinks(3, 50), lease, askedAt);
        assertNull(cache.attr(7), "either answer may be the older one");
        // Once both ended, a lone change is trusted again.
        InodeAttr lone = dirWithLinks(5, 70);
        cache.changeStarts(7);
        cache.changeEnds(7, lone, lease, askedAt);
        assertEquals(lone, cache.attr(7));
        // A create answered here while a change is in flight: the answer does not have it.
        cache.changeStarts(7);
        cache.touchedHere(7, 80);
        cache.changeEnds(7, dirWithLinks(6, 75), lease, askedAt);
        assertNull(cache.attr(7));
    }

    @Test
    void aChmodOverlappingAChangeOfTheDirectorysEntriesLeavesNoOlderModeBehind() {
        CacheLeaseKeeper.GroupLease lease = lease(Duration.ofMinutes(1).toNanos());
        MetadataCache cache = leasedWithDirectory(lease);
        long askedAt = cache.generation();
        cache.changeStarts(7);
        cache.changeStarts(7);
        InodeAttr chmodded = new InodeAttr(7, Posix.S_IFDIR | 0700, 2, 1000, 100, 0, 1, 1, 5, 0, 1);
        cache.attrsChangeEnds(7, chmodded, lease, askedAt);
        // The mkdir was applied before the chmod, but its answer comes after it, with mode 0755.
        cache.changeEnds(7, dirWithLinks(3, 50), lease, askedAt);
        assertNull(cache.attr(7));
        assertNull(cache.attrForWalk(7), "a walk asks again rather than trust either mode");
        // Alone, a chmod's answer is kept as before.
        cache.changeStarts(7);
        cache.attrsChangeEnds(7, chmodded, lease, askedAt);
        assertEquals(chmodded, cache.attr(7));
        // A failed one forgets.
        cache.changeStarts(7);
        cache.attrsChangeEnds(7, null, null, askedAt);
        assertNull(cache.attrForWalk(7));
    }
}
