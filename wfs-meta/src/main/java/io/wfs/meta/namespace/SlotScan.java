package io.wfs.meta.namespace;

/**
 * Walks a slot's inodes in record-position order, a page at a time, for {@code wfs fsck}.
 * Positions are internal but stable while an inode lives, so a page can resume where the last
 * one stopped without a sorted copy of the slot; a position freed and reused between pages may
 * be seen with its new inode or not at all, which is acceptable for an online check (the
 * checker reports, it does not act on a single sighting).
 */
public final class SlotScan {
    /** Receives what a page holds. */
    public interface Sink {
        void inode(long ino, InodeAttributes attributes);

        void entry(long dir, long child, int typeCode);
    }

    /** Where the next page starts: {@code position} -1 when the slot is done. */
    public record Resume(int position, long cookie) {
        public static final Resume DONE = new Resume(-1, 0);
    }

    private SlotScan() {
    }

    /**
     * Visits up to {@code maxInodes} live inodes from {@code fromPosition}, and the entries of the
     * directories among them up to {@code maxEntries} in all. With {@code fromCookie} > 0 (a
     * {@link Resume#cookie}: readdir's cookie + 1) the page starts with the rest of the entries
     * of the directory at {@code fromPosition}, which the previous page already listed.
     */
    public static Resume page(SlotState state, int fromPosition, long fromCookie, int maxInodes, int maxEntries,
                              Sink sink) {
        InodeTable table = state.table;
        InodeAttributes attributes = new InodeAttributes();
        int[] entries = {0};
        int inodes = 0;
        long cookie = fromCookie;
        for (int pos = fromPosition; pos < table.highWater(); pos++, cookie = 0) {
            if (!table.isLive(pos)) {
                continue;
            }
            long seq = state.index.seqAt(pos);
            long ino = InodeNumbers.of(state.slot(), seq);
            if (cookie == 0) {
                if (inodes == maxInodes) {
                    return new Resume(pos, 0);
                }
                state.getAttributes(ino, attributes);
                sink.inode(ino, attributes);
                inodes++;
            }
            DirectoryEntries dir = FileType.isDirectory(table.mode(pos)) ? state.directories.get(seq) : null;
            if (dir == null) {
                continue;
            }
            long next = dir.readdir(cookie == 0 ? 0 : cookie - 1, maxEntries - entries[0], (nextCookie, names, off, len, child, type) -> {
                sink.entry(ino, child, type);
                entries[0]++;
                return true;
            });
            if (next != DirectoryEntries.END) {
                // The resume cookie is readdir's + 1: 0 means "start with the inode itself".
                return new Resume(pos, next + 1);
            }
        }
        return Resume.DONE;
    }
}
