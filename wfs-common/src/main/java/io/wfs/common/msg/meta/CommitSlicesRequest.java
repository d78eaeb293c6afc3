package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;
import java.util.List;

/**
 * Records written slices of a file and its new size and mtime in one request (flush, fsync, close).
 * {@code byOpenFile}: written through a descriptor of the sending session, so the server checks
 * that the session holds the file open instead of the file's current mode bits (POSIX checks a
 * descriptor's access mode at open; docs/posix.md).
 */
public final class CommitSlicesRequest extends InodeRequest<AttrReply> {
    public static final int MAX_SLICES = 4096;

    private List<SliceInfo> slices;
    private long newSize;
    /** Declared last: field 5 of the logged request (WireSchemaCompatibilityTest). */
    private boolean byOpenFile;

    public CommitSlicesRequest() {
    }

    public CommitSlicesRequest(MetaHeader header, long ino, List<SliceInfo> slices, long newSize) {
        super(header, ino);
        this.slices = slices;
        this.newSize = newSize;
    }

    public CommitSlicesRequest(MetaHeader header, long ino, List<SliceInfo> slices, long newSize, boolean byOpenFile) {
        this(header, ino, slices, newSize);
        this.byOpenFile = byOpenFile;
    }

    public boolean byOpenFile() {
        return byOpenFile;
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
