package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;
import java.util.List;

/** Records written slices of a file and its new size and mtime in one request (flush, fsync, close). */
public final class CommitSlicesRequest extends InodeRequest<AttrReply> {
    public static final int MAX_SLICES = 4096;

    private List<SliceInfo> slices;
    private long newSize;

    public CommitSlicesRequest() {
    }

    public CommitSlicesRequest(MetaHeader header, long ino, List<SliceInfo> slices, long newSize) {
        super(header, ino);
        this.slices = slices;
        this.newSize = newSize;
    }

    public List<SliceInfo> slices() {
        return slices == null ? List.of() : slices; // protostuff reads an empty list as null
    }

    public long newSize() {
        return newSize;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.notNull(slices, "slices");
        Validate.range(slices.size(), "slices", 1, MAX_SLICES);
        Validate.range(newSize, "newSize", 0, Long.MAX_VALUE);
        for (SliceInfo s : slices) {
            SliceInfo.validate(s);
        }
    }
}
