package io.wfs.common.msg.auth;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;
import io.wfs.common.rpc.auth.Scope;

/** First frame of every connection: the client's nonce, answered by {@link ServerChallenge}. */
public final class ClientHello implements Request<ServerChallenge> {
    public static final int NONCE_BYTES = 32;

    private int protocolVersion;
    private byte[] clientNonce;
    private String clientName;
    /** The root inode of the client's scope, 0 when it authenticates with the full cluster secret. */
    private long scopeRootIno;
    /** The scope's flags ({@link io.wfs.common.rpc.auth.Scope#flags()}); 0 without a scope. */
    private int scopeFlags;

    public ClientHello() {
    }

    public ClientHello(int protocolVersion, byte[] clientNonce, String clientName) {
        this.protocolVersion = protocolVersion;
        this.clientNonce = clientNonce;
        this.clientName = clientName;
    }

    /** A hello announcing {@code scope} (null: the full secret). */
    public ClientHello(int protocolVersion, byte[] clientNonce, String clientName, Scope scope) {
        this(protocolVersion, clientNonce, clientName);
        if (scope != null) {
            this.scopeRootIno = scope.rootIno();
            this.scopeFlags = scope.flags();
        }
    }

    /** The announced scope, or null for a full-secret client; an invalid scope is an IllegalArgumentException. */
    public Scope scope() {
        if (scopeRootIno == 0 && scopeFlags == 0) {
            return null;
        }
        return Scope.fromWire(scopeRootIno, scopeFlags);
    }

    public int protocolVersion() {
        return protocolVersion;
    }

    public byte[] clientNonce() {
        return clientNonce;
    }

    public String clientName() {
        return clientName;
    }

    @Override
    public void validate() {
        Validate.length(clientNonce, "clientNonce", NONCE_BYTES, NONCE_BYTES);
        Validate.length(clientName, "clientName", 256);
    }
}
