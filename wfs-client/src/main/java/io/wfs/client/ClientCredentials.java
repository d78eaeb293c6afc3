package io.wfs.client;

import io.wfs.client.namespace.PathResolver;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.IssueScopedCredentialRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.rpc.auth.ScopedCredential;

/**
 * Scoped credentials from a client: {@code wfs credential issue} and the CSI controller ask a
 * manager for a volume's credential (docs/kubernetes.md, "Tenant isolation"); and how a client
 * with one finds its root. Issuing needs the cluster secret: a scoped client is refused EACCES
 * by the manager.
 */
public final class ClientCredentials {
    private final PathResolver paths;
    private final ManagerClient manager;

    ClientCredentials(PathResolver paths, ManagerClient manager) {
        this.paths = paths;
        this.manager = manager;
    }

    /**
     * The credential of the directory {@code path} (of this client's tree). It should be a quota
     * directory: the meta servers refuse everything of a scope whose root is not one.
     */
    public ScopedCredential issue(String path, boolean rootSquash) {
        InodeAttr a = paths.resolve(Caller.ROOT, path);
        if (!Posix.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, path + " is not a directory");
        }
        return issue(a.ino(), rootSquash, path);
    }

    /** The credential of the directory inode {@code rootIno} ({@code path} only written into it). */
    public ScopedCredential issue(long rootIno, boolean rootSquash, String path) {
        return manager.call(new IssueScopedCredentialRequest(rootIno, rootSquash, path)).credential();
    }

    /**
     * The root of a client with a scoped credential: the scope's root inode (it cannot look
     * anything up above it). A subdirectory given with it must be the path the credential was
     * issued for.
     */
    static long rootOf(ScopedCredential credential, String subdir) {
        if (!subdir.equals("/") && !credential.path().isEmpty() && !normalized(subdir).equals(normalized(credential.path()))) {
            throw new IllegalArgumentException("the credential is for " + credential.path() + ", not for the subdirectory "
                    + subdir);
        }
        return credential.scope().rootIno();
    }

    private static String normalized(String path) {
        String p = path.replaceAll("/+", "/");
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }
}
