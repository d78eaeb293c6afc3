package io.wfs.client;

import io.wfs.client.file.FileState;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;

/** An open file: what FUSE's file handle stands for. Reads and writes never resolve paths again. */
public final class WfsFile {
    private final Caller caller;
    private final FileState state;
    private final int flags;
    /** This open created the file (O_CREAT on a name that was free). */
    private final boolean created;

    WfsFile(Caller caller, FileState state, int flags) {
        this(caller, state, flags, false);
    }

    WfsFile(Caller caller, FileState state, int flags, boolean created) {
        this.caller = caller;
        this.state = state;
        this.flags = flags;
        this.created = created;
    }

    public long ino() {
        return state.ino();
    }

    public Caller caller() {
        return caller;
    }

    /**
     * For a file this open created, its attributes as the create answered them, without asking
     * anyone; null for a file that existed. Not coherent with other mounts: for the reply of the
     * create itself only ({@code WfsFuse#fgetattr} right after {@code create}).
     */
    public InodeAttr attrOfCreate() {
        return created ? state.attr() : null;
    }

    FileState state() {
        return state;
    }

    boolean appends() {
        return (flags & Posix.O_APPEND) != 0;
    }

    boolean writable() {
        int mode = flags & Posix.O_ACCMODE;
        return mode == Posix.O_WRONLY || mode == Posix.O_RDWR;
    }

    boolean readable() {
        return (flags & Posix.O_ACCMODE) != Posix.O_WRONLY;
    }
}
