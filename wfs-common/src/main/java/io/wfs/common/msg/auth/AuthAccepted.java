package io.wfs.common.msg.auth;

import io.wfs.common.rpc.Response;

/** The handshake succeeded; from now on the connection carries ordinary requests. */
public final class AuthAccepted implements Response {
    private String serverName;

    public AuthAccepted() {
    }

    public AuthAccepted(String serverName) {
        this.serverName = serverName;
    }

    public String serverName() {
        return serverName;
    }
}
