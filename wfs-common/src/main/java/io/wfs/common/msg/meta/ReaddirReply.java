package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import java.util.List;

/** A page of entries; pass {@code nextCookie} to continue; {@code eof} when the directory is exhausted. */
public final class ReaddirReply implements Response {
    private List<DirEntry> entries;
    private long nextCookie;
    private boolean eof;
    /** Appended: the leader leased the entries and attributes of this page (see {@link AttrReply#leased()}). */
    private boolean leased;

    public ReaddirReply() {
    }

    public ReaddirReply(List<DirEntry> entries, long nextCookie, boolean eof) {
        this.entries = entries;
        this.nextCookie = nextCookie;
        this.eof = eof;
    }

    public List<DirEntry> entries() {
        return entries == null ? List.of() : entries; // protostuff reads an empty list as null
    }

    public long nextCookie() {
        return nextCookie;
    }

    public boolean eof() {
        return eof;
    }

    public boolean leased() {
        return leased;
    }

    public ReaddirReply withLease() {
        ReaddirReply copy = new ReaddirReply(entries, nextCookie, eof);
        copy.leased = true;
        return copy;
    }
}
