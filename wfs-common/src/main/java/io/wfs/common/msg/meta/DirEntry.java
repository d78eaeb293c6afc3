package io.wfs.common.msg.meta;

/**
 * One directory entry; {@code attr} is set for readdirplus. {@code cookie} continues a listing
 * right after this entry (a mount hands it to the kernel as the entry's offset, so a listing
 * resumes in the middle of a page); 0 from servers older than the field.
 */
public final class DirEntry {
    private byte[] name;
    private long ino;
    private int type;
    private InodeAttr attr;
    private long cookie;

    public DirEntry() {
    }

    public DirEntry(byte[] name, long ino, int type, InodeAttr attr) {
        this(name, ino, type, attr, 0);
    }

    public DirEntry(byte[] name, long ino, int type, InodeAttr attr, long cookie) {
        this.name = name;
        this.ino = ino;
        this.type = type;
        this.attr = attr;
        this.cookie = cookie;
    }

    public long cookie() {
        return cookie;
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
