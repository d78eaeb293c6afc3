package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The shape of requests that name one entry of a directory: (header, parent, name), routed by the parent. */
public abstract class EntryNameRequest<R extends Response> extends HeaderRequest<R> {
    private long parent;
    private byte[] name;

    protected EntryNameRequest() {
    }

    protected EntryNameRequest(MetaHeader header, long parent, byte[] name) {
        super(header);
        this.parent = parent;
        this.name = name;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    @Override
    public long routingIno() {
        return parent;
    }

    @Override
    public long[] namedInodes() {
        return new long[] {parent};
    }

    @Override
    public boolean visitNamedEntries(EntryVisitor visitor) {
        visitor.entry(parent, name);
        return true;
    }

    @Override
    public void validate() {
        super.validate();
        MetaNames.check(name, "name");
    }
}
