package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * Asks a manager for the credential of one volume: the key derived for the scope (root inode
 * {@code rootIno}, {@code rootSquash}) from the cluster secret. Only a connection authenticated
 * with the full secret may ask (ScopedAccess refuses it to scoped ones). {@code path} is only
 * written into the credential for people to read; the meta servers enforce the inode.
 */
public final class IssueScopedCredentialRequest implements Request<ScopedCredentialReply> {
    public static final int MAX_PATH_CHARS = 4096;

    private long rootIno;
    private boolean rootSquash;
    private String path;

    public IssueScopedCredentialRequest() {
    }

    public IssueScopedCredentialRequest(long rootIno, boolean rootSquash, String path) {
        this.rootIno = rootIno;
        this.rootSquash = rootSquash;
        this.path = path;
    }

    public long rootIno() {
        return rootIno;
    }

    public boolean rootSquash() {
        return rootSquash;
    }

    public String path() {
        return path == null ? "" : path;
    }

    @Override
    public void validate() {
        Validate.check(rootIno != 0 && rootIno != 1, "rootIno must name a volume's directory, not " + rootIno);
        Validate.length(path, "path", MAX_PATH_CHARS);
    }
}
