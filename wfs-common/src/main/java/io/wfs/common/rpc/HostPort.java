package io.wfs.common.rpc;

import java.net.InetSocketAddress;

/** "host:port" as configuration, routes and replica lists spell addresses (the last colon splits). */
public final class HostPort {
    private HostPort() {
    }

    /** The address; IllegalArgumentException naming the text when it is not host:port with a valid port. */
    public static InetSocketAddress parse(String hostPort) {
        int colon = hostPort == null ? -1 : hostPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("not host:port: '" + hostPort + "'");
        }
        try {
            return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            // NumberFormatException, or a port outside 0..65535.
            throw new IllegalArgumentException("not host:port: '" + hostPort + "'");
        }
    }
}
