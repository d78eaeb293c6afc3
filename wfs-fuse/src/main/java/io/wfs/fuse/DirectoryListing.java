package io.wfs.fuse;

import io.wfs.client.Caller;
import io.wfs.client.WfsFileSystem;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.ReaddirReply;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * readdir in libfuse's offset mode: every entry goes to the kernel with the offset that resumes
 * the listing right after it, so a directory of millions of entries streams a page at a time
 * (the first names appear at once, the mount never holds the whole directory) instead of being
 * read whole before the first name. Offsets: 1 is ".", 2 is "..", an entry's is its server cookie
 * + 2 (cookies are entry positions, docs/meta-memory.md: an entry present for the whole listing
 * comes exactly once however the directory changes).
 *
 * <p>A kernel buffer takes about a hundred entries, a request brings {@value #PAGE}: what the
 * buffer did not take waits here, keyed by where the next call resumes, for the next call.
 */
public final class DirectoryListing {
    static final int PAGE = 1024;
    private static final int KEPT_PAGES = 64;
    private static final long DOT = 1;
    private static final long DOT_DOT = 2;

    /** Receives entries until it answers false (the kernel's buffer is full). */
    public interface Sink {
        boolean accept(String name, InodeAttr attr, long nextOffset);
    }

    /** The part of a page a kernel buffer did not take. */
    private record Rest(List<DirEntry> entries, boolean eof, long nextCookie) {
    }

    private final WfsFileSystem fs;
    private final Map<String, Rest> rests = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Rest> eldest) {
            return size() > KEPT_PAGES;
        }
    };

    public DirectoryListing(WfsFileSystem fs) {
        this.fs = fs;
    }

    public void fill(Caller caller, String path, long offset, Sink sink) {
        if (offset < DOT && !sink.accept(".", null, DOT)) {
            return;
        }
        if (offset < DOT_DOT && !sink.accept("..", null, DOT_DOT)) {
            return;
        }
        long cookie = Math.max(0, offset - DOT_DOT);
        Rest rest = take(caller, path, cookie);
        while (true) {
            if (rest == null) {
                ReaddirReply page = fs.readdirPage(caller, path, cookie, PAGE);
                rest = new Rest(page.entries(), page.eof(), page.nextCookie());
            }
            List<DirEntry> entries = rest.entries();
            for (int i = 0; i < entries.size(); i++) {
                DirEntry e = entries.get(i);
                if (!sink.accept(new String(e.name(), StandardCharsets.UTF_8), e.attr(), e.cookie() + DOT_DOT)) {
                    keep(caller, path, i == 0 ? cookie : entries.get(i - 1).cookie(),
                            new Rest(entries.subList(i, entries.size()), rest.eof(), rest.nextCookie()));
                    return;
                }
            }
            if (rest.eof()) {
                return;
            }
            cookie = rest.nextCookie();
            rest = null;
        }
    }

    private static String key(Caller caller, String path, long cookie) {
        return caller.uid() + ":" + cookie + ":" + path;
    }

    private synchronized Rest take(Caller caller, String path, long cookie) {
        return rests.remove(key(caller, path, cookie));
    }

    private synchronized void keep(Caller caller, String path, long cookie, Rest rest) {
        rests.put(key(caller, path, cookie), rest);
    }
}
