package io.wfs.common.rpc.server;

import io.wfs.common.rpc.MessageCategory;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;

/** The handler of each message type a server serves: one handler class per message type. */
public final class HandlerRegistry {
    /** A registered handler with its dispatch mode. */
    public record Entry(RequestHandler<?, ?> handler, Dispatch dispatch) {
    }

    private final Entry[] byType = new Entry[MessageType.values().length];

    public <Q extends Request<R>, R extends Response> HandlerRegistry register(Class<Q> requestClass,
                                                                               RequestHandler<Q, R> handler,
                                                                               Dispatch dispatch) {
        MessageType type = MessageType.ofRequest(requestClass);
        if (type.category() == MessageCategory.HANDSHAKE) {
            throw new IllegalArgumentException("the handshake is served by the RPC layer itself");
        }
        if (byType[type.ordinal()] != null) {
            throw new IllegalStateException("a handler for " + type + " is already registered");
        }
        byType[type.ordinal()] = new Entry(handler, dispatch);
        return this;
    }

    public <Q extends Request<R>, R extends Response> HandlerRegistry register(Class<Q> requestClass,
                                                                               RequestHandler<Q, R> handler) {
        return register(requestClass, handler, Dispatch.WORKER);
    }

    /** The entry for {@code type}, or null when this server does not serve it. */
    public Entry lookup(MessageType type) {
        return byType[type.ordinal()];
    }
}
