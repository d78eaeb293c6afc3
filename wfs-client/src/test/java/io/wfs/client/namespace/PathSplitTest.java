package io.wfs.client.namespace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import org.junit.jupiter.api.Test;

/** The path of every FUSE request is split into its components before the walk. */
class PathSplitTest {
    @Test
    void componentsBetweenSlashesInOrderWithoutEmptyOnes() {
        assertArrayEquals(new String[0], PathResolver.split("/"));
        assertArrayEquals(new String[0], PathResolver.split("///"));
        assertArrayEquals(new String[] {"a"}, PathResolver.split("/a"));
        assertArrayEquals(new String[] {"a", "bc", "d"}, PathResolver.split("/a/bc/d"));
        assertArrayEquals(new String[] {"a", "b"}, PathResolver.split("//a//b/"));
        assertArrayEquals(new String[] {"a", ".", "..", "b c"}, PathResolver.split("/a/./../b c"), "dots are the walk's");
    }

    @Test
    void aPathThatIsNotAbsoluteIsRefused() {
        for (String bad : new String[] {"a/b", "", null}) {
            WfsException e = assertThrows(WfsException.class, () -> PathResolver.split(bad));
            assertEquals(WfsErrorCode.EINVAL, e.code());
        }
    }
}
