package io.wfs.fuse;

import io.wfs.client.Caller;
import io.wfs.client.WfsFileSystem;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.ReaddirReply;
import java.nio.charset.StandardCharsets;

/**
 * readdir in libfuse's offset mode: every entry goes to the kernel with the offset that resumes
 * the listing right after it, so a directory of millions of entries streams a page at a time
 * (the first names appear at once, the mount never holds the whole directory) instead of being
 * read whole before the first name. Offsets: 1 is ".", 2 is "..", an entry's is its server cookie
 * + 2 (cookies are entry positions, docs/meta-memory.md: an entry present for the whole listing
 * comes exactly once however the directory changes).
 */
public final class DirectoryListing {
    /** Entries per request: about what one kernel readdir buffer (4 KiB of dirents) takes. */
    static final int PAGE = 128;
    private static final long DOT = 1;
    private static final long DOT_DOT = 2;

    /** Receives entries until it answers false (the kernel's buffer is full). */
    public interface Sink {
        boolean accept(String name, InodeAttr attr, long nextOffset);
    }

    private DirectoryListing() {
    }

    public static void fill(WfsFileSystem fs, Caller caller, String path, long offset, Sink sink) {
        if (offset < DOT && !sink.accept(".", null, DOT)) {
            return;
        }
        if (offset < DOT_DOT && !sink.accept("..", null, DOT_DOT)) {
            return;
        }
        long cookie = Math.max(0, offset - DOT_DOT);
        while (true) {
            ReaddirReply page = fs.readdirPage(caller, path, cookie, PAGE);
            for (DirEntry e : page.entries()) {
                if (!sink.accept(new String(e.name(), StandardCharsets.UTF_8), e.attr(), e.cookie() + DOT_DOT)) {
                    return;
                }
            }
            if (page.eof()) {
                return;
            }
            cookie = page.nextCookie();
        }
    }
}
