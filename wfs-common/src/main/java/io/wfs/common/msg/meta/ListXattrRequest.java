package io.wfs.common.msg.meta;


/** The names of an inode's extended attributes. */
public final class ListXattrRequest implements MetaRequest<XattrNamesReply> {
    private MetaHeader header;
    private long ino;

    public ListXattrRequest() {
    }

    public ListXattrRequest(MetaHeader header, long ino) {
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
