package io.wfs.common.rpc.server;

import java.net.SocketAddress;

/** Where a request came from: the connection's peer and the name the client gave at handshake. */
public record RequestContext(SocketAddress remoteAddress, String clientName) {
}
