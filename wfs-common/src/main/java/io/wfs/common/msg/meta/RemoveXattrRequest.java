package io.wfs.common.msg.meta;


/** Removes an extended attribute (ENODATA when absent). */
public final class RemoveXattrRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private long ino;
    private byte[] name;

    public RemoveXattrRequest() {
    }

    public RemoveXattrRequest(MetaHeader header, long ino, byte[] name) {
        this.header = header;
        this.ino = ino;
        this.name = name;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public byte[] name() {
        return name;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        XattrLimits.checkName(name);
    }
}
