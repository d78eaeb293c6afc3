package io.wfs.fuse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LinkedNamesTest {
    private final LinkedNames names = new LinkedNames();

    @Test
    void onlyNamesOfHardLinkedFilesAreKept() {
        names.seen("/single", 5, 1);
        assertEquals(0, names.inoOf("/single"));
        names.seen("/a", 7, 2);
        names.seen("/b", 7, 2);
        assertEquals(7, names.inoOf("/a"));
        assertEquals(List.of("/b"), names.othersOf(7, "/a"));
        assertEquals(List.of(), names.othersOf(5, "/single"));
    }

    @Test
    void aNameThatGoesOrNowNamesASingleLinkIsForgotten() {
        names.seen("/a", 7, 3);
        names.seen("/b", 7, 3);
        names.seen("/c", 7, 3);
        names.forget("/a");
        assertEquals(0, names.inoOf("/a"));
        assertEquals(List.of("/c"), names.othersOf(7, "/b"));
        names.seen("/c", 7, 1);
        assertEquals(List.of(), names.othersOf(7, "/b"));
        names.seen("/b", 9, 2);
        assertEquals(9, names.inoOf("/b"));
        assertEquals(List.of(), names.othersOf(7, null));
        assertEquals(List.of("/b"), names.othersOf(9, null));
    }
}
