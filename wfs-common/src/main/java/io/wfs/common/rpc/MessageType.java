package io.wfs.common.rpc;

import io.wfs.common.msg.auth.AuthAccepted;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ClientProof;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Every message type on the wire: its stable id, size category, and request/response classes.
 * Ids never change once released; ranges: 1-9 handshake, 10-99 control, 100-299 meta,
 * 300-499 store, 500-699 manager.
 */
public enum MessageType {
    AUTH_HELLO(1, MessageCategory.HANDSHAKE, ClientHello.class, ServerChallenge.class),
    AUTH_PROOF(2, MessageCategory.HANDSHAKE, ClientProof.class, AuthAccepted.class),
    ECHO(10, MessageCategory.DATA, EchoRequest.class, EchoResponse.class);

    private static final MessageType[] BY_ID;
    private static final Map<Class<?>, MessageType> BY_REQUEST_CLASS = new HashMap<>();

    static {
        int max = 0;
        for (MessageType t : values()) {
            max = Math.max(max, t.id);
        }
        BY_ID = new MessageType[max + 1];
        for (MessageType t : values()) {
            if (BY_ID[t.id] != null) {
                throw new ExceptionInInitializerError("duplicate message id " + t.id);
            }
            BY_ID[t.id] = t;
            BY_REQUEST_CLASS.put(t.requestClass, t);
        }
    }

    private final short id;
    private final MessageCategory category;
    private final Class<? extends Request<?>> requestClass;
    private final Class<? extends Response> responseClass;
    private final String metricName;

    <Q extends Request<R>, R extends Response> MessageType(int id, MessageCategory category, Class<Q> requestClass,
                                                           Class<R> responseClass) {
        this.id = (short) id;
        this.category = category;
        this.requestClass = requestClass;
        this.responseClass = responseClass;
        this.metricName = name().toLowerCase(Locale.ROOT);
    }

    public short id() {
        return id;
    }

    public MessageCategory category() {
        return category;
    }

    public Class<? extends Request<?>> requestClass() {
        return requestClass;
    }

    public Class<? extends Response> responseClass() {
        return responseClass;
    }

    /** Lower-case name used in metric names, e.g. {@code rpc.server.echo.latency}. */
    public String metricName() {
        return metricName;
    }

    /** The type with wire id {@code id}, or null when unknown. */
    public static MessageType byId(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /** The type whose request class is {@code c}; throws if {@code c} is not a registered request. */
    public static MessageType ofRequest(Class<?> c) {
        MessageType t = BY_REQUEST_CLASS.get(c);
        if (t == null) {
            throw new IllegalArgumentException(c.getName() + " is not a registered request message");
        }
        return t;
    }
}
