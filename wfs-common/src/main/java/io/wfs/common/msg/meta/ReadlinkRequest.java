package io.wfs.common.msg.meta;


/** The target of a symbolic link. */
public final class ReadlinkRequest implements MetaRequest<ReadlinkReply> {
    private MetaHeader header;
    private long ino;

    public ReadlinkRequest() {
    }

    public ReadlinkRequest(MetaHeader header, long ino) {
        this.header = header;
        this.ino = ino;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
    }
}
