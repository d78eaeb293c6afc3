package io.wfs.common.msg.meta;

/** One directory entry; {@code attr} is set for readdirplus. */
public final class DirEntry {
    private byte[] name;
    private long ino;
    private int type;
    private InodeAttr attr;

    public DirEntry() {
    }

    public DirEntry(byte[] name, long ino, int type, InodeAttr attr) {
        this.name = name;
        this.ino = ino;
        this.type = type;
        this.attr = attr;
    }

    public byte[] name() {
        return name;
    }

    public long ino() {
        return ino;
    }

    public int type() {
        return type;
    }

    public InodeAttr attr() {
        return attr;
    }
}
