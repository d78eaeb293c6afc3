package io.wfs.client.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.wfs.common.msg.meta.InodeAttr;
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
}
