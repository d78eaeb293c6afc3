package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The shape of requests that give inode {@code ino} the new name {@code newName} in {@code newParent}. */
public abstract class NewLinkRequest<R extends Response> extends InodeRequest<R> {
    private long newParent;
    private byte[] newName;

    protected NewLinkRequest() {
    }

    protected NewLinkRequest(MetaHeader header, long ino, long newParent, byte[] newName) {
        super(header, ino);
        this.newParent = newParent;
        this.newName = newName;
    }

    public long newParent() {
        return newParent;
    }

    public byte[] newName() {
        return newName;
    }

    @Override
    public void validate() {
        super.validate();
        MetaNames.check(newName, "newName");
    }

    /** The file and the directory it gets a name in. */
    @Override
    public long[] namedInodes() {
        return new long[] {ino(), newParent()};
    }

    /** The new name; the file's other names are not named by it. */
    @Override
    public boolean visitNamedEntries(EntryVisitor visitor) {
        visitor.entry(newParent(), newName());
        return true;
    }
}
