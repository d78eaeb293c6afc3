package io.wfs.cli.fsck;

import io.wfs.client.data.Rpc;
import io.wfs.common.msg.meta.ScanInodesReply;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.msg.meta.StatFsReply;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import java.util.function.LongConsumer;

/**
 * Streams every slot of every meta group through a {@link NamespaceCheck}, one
 * {@code SCAN_INODES} page at a time: the CLI holds one page, never a copy of the namespace.
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
     */
    public void run(NamespaceCheck check, LongConsumer files, LongConsumer progress) {
        for (SlotMap.Group g : slotMap.groups()) {
            for (int slot : g.slots()) {
                scanSlot(slot, check, files, progress);
            }
        }
    }

    private void scanSlot(int slot, NamespaceCheck check, LongConsumer files, LongConsumer progress) {
        int position = 0;
        long cookie = 0;
        while (position >= 0) {
            ScanInodesReply page = Rpc.await(meta.call(
                    new ScanInodesRequest(meta.query(0, 0), slot, position, cookie, pageInodes, pageEntries)));
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
            progress.accept(inos.length);
            position = page.nextPosition();
            cookie = page.nextCookie();
        }
    }
}
