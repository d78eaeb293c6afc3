package io.wfs.client;

import io.wfs.client.file.FileState;

/** An open file: what FUSE's file handle stands for. Reads and writes never resolve paths again. */
public final class WfsFile {
    static final int O_ACCMODE = 3;
    static final int O_WRONLY = 1;
    static final int O_RDWR = 2;
    static final int O_APPEND = 02000;

    private final Caller caller;
    private final FileState state;
    private final int flags;

    WfsFile(Caller caller, FileState state, int flags) {
        this.caller = caller;
        this.state = state;
        this.flags = flags;
    }

    public long ino() {
        return state.ino();
    }

    public Caller caller() {
        return caller;
    }

    FileState state() {
        return state;
    }

    boolean appends() {
        return (flags & O_APPEND) != 0;
    }

    boolean writable() {
        int mode = flags & O_ACCMODE;
        return mode == O_WRONLY || mode == O_RDWR;
    }

    boolean readable() {
        return (flags & O_ACCMODE) != O_WRONLY;
    }
}
