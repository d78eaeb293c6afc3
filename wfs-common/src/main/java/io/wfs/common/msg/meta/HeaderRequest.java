package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The root of the meta request shapes: the {@link MetaHeader} every one carries, declared and checked here once. */
public abstract class HeaderRequest<R extends Response> implements MetaRequest<R> {
    private MetaHeader header;

    protected HeaderRequest() {
    }

    protected HeaderRequest(MetaHeader header) {
        this.header = header;
    }

    @Override
    public MetaHeader header() {
        return header;
    }

    /**
     * Replaces the header of a received request: the meta server squashes root's ids for a scoped
     * credential before anything acts on the request (nothing else should call this).
     */
    public void replaceHeader(MetaHeader replacement) {
        this.header = replacement;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
    }
}
