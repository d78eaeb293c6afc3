package io.wfs.cli.fsck;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.client.data.Rpc;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.ScanInodesReply;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.msg.meta.StatFsReply;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongConsumer;

/**
 * Streams every slot of every meta group through a {@link NamespaceCheck}, one
 * {@code SCAN_INODES} page at a time per group: the CLI holds a few pages, never a copy of the namespace.
 * Each page is a read on the group's leader (as root); a failed call aborts the whole scan, as a
 * partial scan would report the inodes of the missing slots' entries as dangling.
 */
public final class NamespaceScan {
    private final MetaClient meta;
    private final SlotMap slotMap;
    private final int pageInodes;
    private final int pageEntries;

    public NamespaceScan(MetaClient meta, SlotMap slotMap, int pageInodes, int pageEntries) {
        this.meta = meta;
        this.slotMap = slotMap;
        this.pageInodes = pageInodes;
        this.pageEntries = pageEntries;
    }

    /** The inodes the groups hold (for the progress bar's end). */
    public long usedInodes() {
        long used = 0;
        for (SlotMap.Group g : slotMap.groups()) {
            if (g.slots().length > 0) {
                StatFsReply r = Rpc.await(meta.call(new StatFsRequest(meta.query(0, 0), g.slots()[0])));
                used += r.usedInodes();
            }
        }
        return used;
    }

    /**
     * Feeds every inode and entry to {@code check}, and every regular file with data to
     * {@code files} (the data check; null: none); {@code progress} gets the inodes of each page.
     * The groups are read at the same time, one thread each, a page or two ahead of the check
     * (their leaders are different nodes on a real cluster); the pages are judged on the calling
     * thread only, so the check needs no lock. At most two pages per group are held.
     */
    public void run(NamespaceCheck check, LongConsumer files, LongConsumer progress) {
        List<SlotMap.Group> groups = slotMap.groups().stream().filter(g -> g.slots().length > 0).toList();
        BlockingQueue<Object> pages = new ArrayBlockingQueue<>(2 * Math.max(1, groups.size()));
        ExecutorService readers = Executors.newFixedThreadPool(Math.max(1, groups.size()),
                new DefaultThreadFactory("fsck-scan", true));
        try {
            for (SlotMap.Group g : groups) {
                readers.execute(() -> readGroup(g, pages));
            }
            for (int running = groups.size(); running > 0; ) {
                Object next = pages.take();
                if (next == GROUP_DONE) {
                    running--;
                } else if (next instanceof RuntimeException failed) {
                    throw failed;
                } else {
                    judge((ScanInodesReply) next, check, files);
                    progress.accept(((ScanInodesReply) next).inos().length);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WfsException(WfsErrorCode.INTERNAL, "fsck was interrupted");
        } finally {
            readers.shutdownNow();
        }
    }

    private static final Object GROUP_DONE = new Object();

    /** Puts every page of {@code group}'s slots, then GROUP_DONE; or the failure that ended it. */
    private void readGroup(SlotMap.Group group, BlockingQueue<Object> pages) {
        try {
            try {
                for (int slot : group.slots()) {
                    readSlot(slot, pages);
                }
                pages.put(GROUP_DONE);
            } catch (RuntimeException e) {
                pages.put(e);
            }
        } catch (InterruptedException e) {
            // The check ended (it failed or was interrupted): nobody reads the pages any more.
            Thread.currentThread().interrupt();
        }
    }

    private void readSlot(int slot, BlockingQueue<Object> pages) throws InterruptedException {
        int position = 0;
        long cookie = 0;
        while (position >= 0) {
            ScanInodesReply page = Rpc.await(meta.call(
                    new ScanInodesRequest(meta.query(0, 0), slot, position, cookie, pageInodes, pageEntries)));
            pages.put(page);
            position = page.nextPosition();
            cookie = page.nextCookie();
        }
    }

    private static void judge(ScanInodesReply page, NamespaceCheck check, LongConsumer files) {
        long[] inos = page.inos();
        int[] modes = page.modes();
        int[] nlinks = page.nlinks();
        long[] parents = page.parents();
        int[] states = page.states();
        long[] intents = page.intentTimesNs();
        long[] sizes = page.sizes();
        for (int i = 0; i < inos.length; i++) {
            check.inode(inos[i], modes[i], nlinks[i], parents[i], states[i], intents[i], page.leaderTimeNs());
            if (files != null && (modes[i] & Posix.S_IFMT) == Posix.S_IFREG && sizes[i] > 0) {
                files.accept(inos[i]);
            }
        }
        long[] dirs = page.entryDirs();
        long[] children = page.entryInos();
        int[] types = page.entryTypes();
        for (int i = 0; i < dirs.length; i++) {
            check.entry(dirs[i], children[i], types[i]);
        }
    }
}
