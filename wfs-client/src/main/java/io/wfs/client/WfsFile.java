package io.wfs.client;

import io.wfs.client.file.FileState;
import io.wfs.common.posix.Posix;

/** An open file: what FUSE's file handle stands for. Reads and writes never resolve paths again. */
public final class WfsFile {
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
