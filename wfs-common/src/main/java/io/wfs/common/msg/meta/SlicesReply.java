package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import java.util.List;

/** Attributes and slices of a regular file, in the order they were committed (later slices win on overlap). */
public final class SlicesReply implements Response {
    private InodeAttr attr;
    private List<SliceInfo> slices;
    /** Appended: the request opened the file too ({@link GetSlicesRequest#opens()}); false from a server that predates that. */
    private boolean opened;

    public SlicesReply() {
    }

    public SlicesReply(InodeAttr attr, List<SliceInfo> slices) {
        this.attr = attr;
        this.slices = slices;
    }

    /** The answer of a request that also opened the file. */
    public SlicesReply(InodeAttr attr, List<SliceInfo> slices, boolean opened) {
        this(attr, slices);
        this.opened = opened;
    }

    public boolean opened() {
        return opened;
    }

    public InodeAttr attr() {
        return attr;
    }

    public List<SliceInfo> slices() {
        return slices == null ? List.of() : slices; // protostuff reads an empty list as null
    }
}
