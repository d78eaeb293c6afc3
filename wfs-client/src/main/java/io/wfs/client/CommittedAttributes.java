package io.wfs.client;

import io.wfs.client.file.FileIo;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.client.namespace.PathResolver;
import io.wfs.common.msg.meta.AttrReply;

/**
 * What a commit answers is the file's new attributes: they go into the metadata cache (leased when
 * the leader leased them), so the next stat or lookup of a file just written needs no round trip.
 * The old ones go before the commit is sent, so a failed commit leaves nothing stale behind.
 */
final class CommittedAttributes implements FileIo.CommitListener {
    private final MetadataCache cache;
    private final PathResolver paths;

    CommittedAttributes(MetadataCache cache, PathResolver paths) {
        this.cache = cache;
        this.paths = paths;
    }

    @Override
    public long beforeCommit(long ino) {
        cache.forgetAttr(ino);
        return cache.generation();
    }

    @Override
    public void committed(long ino, AttrReply reply, long askedAt) {
        cache.putAttr(reply.attr(), paths.leaseOf(ino, reply.leased()), askedAt);
    }
}
