package io.wfs.csi;

import java.nio.file.Path;

/** The {@code unix:///path} form of a CSI endpoint (the only transport kubelet uses for CSI). */
public final class CsiEndpoint {
    private CsiEndpoint() {
    }

    /** The socket path of {@code endpoint}; IllegalArgumentException for anything but an absolute unix path. */
    public static Path socketPath(String endpoint) {
        String path;
        if (endpoint.startsWith("unix://")) {
            path = endpoint.substring("unix://".length());
        } else if (endpoint.startsWith("unix:")) {
            path = endpoint.substring("unix:".length());
        } else {
            throw new IllegalArgumentException("a CSI endpoint is unix:///absolute/path, not " + endpoint);
        }
        if (!path.startsWith("/") || path.length() < 2) {
            throw new IllegalArgumentException("a CSI endpoint is unix:///absolute/path, not " + endpoint);
        }
        return Path.of(path);
    }
}
