package io.wfs.common.msg.meta;

/** Removes an empty directory. */
public final class RmdirRequest extends EntryNameRequest<OkReply> {
    public RmdirRequest() {
    }

    public RmdirRequest(MetaHeader header, long parent, byte[] name) {
        super(header, parent, name);
    }

    @Override
    public boolean visitEntryOfRemovedDirectory(EntryVisitor visitor) {
        visitor.entry(parent(), name());
        return true;
    }
}
