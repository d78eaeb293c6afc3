package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import java.util.List;

/** Attributes and slices of a regular file, in the order they were committed (later slices win on overlap). */
public final class SlicesReply implements Response {
    private InodeAttr attr;
    private List<SliceInfo> slices;

    public SlicesReply() {
    }

    public SlicesReply(InodeAttr attr, List<SliceInfo> slices) {
        this.attr = attr;
        this.slices = slices;
    }

    public InodeAttr attr() {
        return attr;
    }

    public List<SliceInfo> slices() {
        return slices == null ? List.of() : slices; // protostuff reads an empty list as null
    }
}
