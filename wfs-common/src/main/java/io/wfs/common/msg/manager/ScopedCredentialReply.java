package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.auth.ScopedCredential;

/** The credential {@link IssueScopedCredentialRequest} asked for: the scope and its derived key. */
public final class ScopedCredentialReply implements Response {
    private long rootIno;
    private int flags;
    private byte[] key;
    private String path;

    public ScopedCredentialReply() {
    }

    public ScopedCredentialReply(ScopedCredential credential) {
        this.rootIno = credential.scope().rootIno();
        this.flags = credential.scope().flags();
        this.key = credential.key();
        this.path = credential.path();
    }

    public ScopedCredential credential() {
        return new ScopedCredential(Scope.fromWire(rootIno, flags), key, path);
    }
}
