package io.wfs.client.file;

import io.wfs.common.msg.meta.SliceInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * What a list of slices in commit order shows: sorted by file offset, never overlapping, a later
 * slice shadowing what it covers of earlier ones (cut where it covers part of one), as the meta
 * group's own slice list keeps them. {@link SliceReader} reads only such lists. A file created under
 * a delegation and written by two flushes before its batch left holds its commits in order, with
 * overlaps; handed to a reader as it was, the first commit's bytes hid the second's (PostgreSQL's
 * initdb read a WAL segment back as zeros).
 */
public final class VisibleSlices {
    private VisibleSlices() {
    }

    public static List<SliceInfo> of(List<SliceInfo> inCommitOrder) {
        List<SliceInfo> visible = new ArrayList<>(inCommitOrder.size());
        for (SliceInfo s : inCommitOrder) {
            long start = s.fileOffset();
            long end = start + s.length();
            List<SliceInfo> next = new ArrayList<>(visible.size() + 2);
            boolean placed = false;
            for (SliceInfo v : visible) {
                long vStart = v.fileOffset();
                long vEnd = vStart + v.length();
                if (vEnd <= start || vStart >= end) {
                    if (!placed && vStart >= end) {
                        next.add(s);
                        placed = true;
                    }
                    next.add(v);
                    continue;
                }
                if (vStart < start) {
                    next.add(new SliceInfo(vStart, (int) (start - vStart), v.volume(), v.blockId(), v.blockOffset()));
                }
                if (!placed) {
                    next.add(s);
                    placed = true;
                }
                if (vEnd > end) {
                    next.add(new SliceInfo(end, (int) (vEnd - end), v.volume(), v.blockId(),
                            (int) (v.blockOffset() + (end - vStart))));
                }
            }
            if (!placed) {
                next.add(s);
            }
            visible = next;
        }
        return visible;
    }
}
