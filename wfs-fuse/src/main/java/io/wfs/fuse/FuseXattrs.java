package io.wfs.fuse;

import io.wfs.client.Caller;
import io.wfs.client.WfsFileSystem;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.nio.charset.StandardCharsets;
import jnr.ffi.Pointer;

/**
 * Extended attributes between libfuse's buffers and the client: names as UTF-8 bytes, values as
 * given, and the xattr calls' buffer convention (size 0 asks for the length; a short buffer is
 * ERANGE). The callbacks themselves stay in {@link WfsFuse}, which jnr-fuse calls.
 */
final class FuseXattrs {
    private final WfsFileSystem fs;

    FuseXattrs(WfsFileSystem fs) {
        this.fs = fs;
    }

    int set(Caller caller, String path, String name, Pointer value, long size, int flags) {
        byte[] v = new byte[(int) size];
        value.get(0, v, 0, v.length);
        fs.setxattr(caller, path, name.getBytes(StandardCharsets.UTF_8), v, flags);
        return 0;
    }

    int get(Caller caller, String path, String name, Pointer value, long size) {
        return bytesOut(fs.getxattr(caller, path, name.getBytes(StandardCharsets.UTF_8)), value, size);
    }

    int list(Caller caller, String path, Pointer list, long size) {
        return bytesOut(fs.listxattr(caller, path), list, size);
    }

    void remove(Caller caller, String path, String name) {
        fs.removexattr(caller, path, name.getBytes(StandardCharsets.UTF_8));
    }

    private static int bytesOut(byte[] bytes, Pointer out, long size) {
        if (size == 0) {
            return bytes.length;
        }
        if (bytes.length > size) {
            throw new WfsException(WfsErrorCode.ERANGE, "buffer too small");
        }
        out.put(0, bytes, 0, bytes.length);
        return bytes.length;
    }
}
