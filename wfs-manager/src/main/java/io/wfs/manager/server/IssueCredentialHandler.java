package io.wfs.manager.server;

import io.wfs.common.msg.manager.IssueScopedCredentialRequest;
import io.wfs.common.msg.manager.ScopedCredentialReply;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.auth.ScopedCredential;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issues the credential of one volume (ISSUE_SCOPED_CREDENTIAL): the key derived from the cluster
 * secret for the asked scope. Any manager replica answers (nothing is recorded: the key is a
 * function of the secret and the scope). Only full-secret connections get here (ScopedAccess);
 * whether the root is a quota directory is not checked here but by the meta servers on every
 * request, which refuse everything of a scope whose root is not one.
 */
final class IssueCredentialHandler implements RequestHandler<IssueScopedCredentialRequest, ScopedCredentialReply> {
    private static final Logger LOG = LoggerFactory.getLogger(IssueCredentialHandler.class);
    private final ClusterSecret secret;

    IssueCredentialHandler(ClusterSecret secret) {
        this.secret = secret;
    }

    @Override
    public CompletableFuture<ScopedCredentialReply> handle(IssueScopedCredentialRequest request, RequestContext context) {
        Scope scope = new Scope(request.rootIno(), request.rootSquash());
        LOG.info("issued a credential for {} ({}) to {} at {}", scope, request.path(), context.clientName(),
                context.remoteAddress());
        return CompletableFuture.completedFuture(new ScopedCredentialReply(ScopedCredential.issue(secret, scope,
                request.path())));
    }
}
