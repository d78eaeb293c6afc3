package io.wfs.common.msg.meta;

/** Looks up {@code name} in directory {@code parent}; needs search (x) permission on it. */
public final class LookupRequest extends EntryNameRequest<AttrReply> {
    public LookupRequest() {
    }

    public LookupRequest(MetaHeader header, long parent, byte[] name) {
        super(header, parent, name);
    }
}
