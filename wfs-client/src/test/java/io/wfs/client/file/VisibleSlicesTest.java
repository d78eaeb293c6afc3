package io.wfs.client.file;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.msg.meta.SliceInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class VisibleSlicesTest {
    private static final int MIB = 1 << 20;

    private static SliceInfo s(long offset, int length, long block, int blockOffset) {
        return new SliceInfo(offset, length, 1, block, blockOffset);
    }

    private static String show(List<SliceInfo> slices) {
        StringBuilder b = new StringBuilder();
        for (SliceInfo x : slices) {
            b.append(x.fileOffset()).append('+').append(x.length()).append('@').append(x.blockId()).append(':')
                    .append(x.blockOffset()).append(' ');
        }
        return b.toString().trim();
    }

    /** PostgreSQL's WAL segment: 16 MiB of zeros in four blocks, then its first page written again. */
    @Test
    void aLaterSliceShadowsTheStartOfAnEarlierOne() {
        List<SliceInfo> commits = List.of(s(0, 4 * MIB, 1, 0), s(4 * MIB, 4 * MIB, 2, 0), s(8 * MIB, 4 * MIB, 3, 0),
                s(12 * MIB, 4 * MIB, 4, 0), s(0, 8192, 5, 0));
        assertEquals("0+8192@5:0 8192+4186112@1:8192 4194304+4194304@2:0 8388608+4194304@3:0 12582912+4194304@4:0",
                show(VisibleSlices.of(commits)));
    }

    @Test
    void aSliceInsideAnotherCutsItInTwoAndOneOverSeveralHidesThem() {
        assertEquals("0+100@1:0 100+50@2:0 150+850@1:150",
                show(VisibleSlices.of(List.of(s(0, 1000, 1, 0), s(100, 50, 2, 0)))));
        assertEquals("0+10@1:0 10+300@3:7 310+90@2:10",
                show(VisibleSlices.of(List.of(s(0, 200, 1, 0), s(200, 100, 4, 0), s(300, 100, 2, 0), s(10, 300, 3, 7)))));
    }

    @Test
    void disjointAndAdjacentSlicesComeOutSortedAndWhole() {
        assertEquals("0+10@2:0 10+10@1:0 30+5@3:0",
                show(VisibleSlices.of(List.of(s(10, 10, 1, 0), s(0, 10, 2, 0), s(30, 5, 3, 0)))));
        assertEquals("", show(VisibleSlices.of(List.of())));
    }
}
