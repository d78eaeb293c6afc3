package io.wfs.common.rpc;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** Body of every error frame: a code, a message, and the optional leader hint and route version. */
public final class ErrorReply {
    private int code;
    private String message;
    private String leaderHint;
    private long routeVersion;

    public ErrorReply() {
    }

    public static ErrorReply of(WfsException e) {
        ErrorReply r = new ErrorReply();
        r.code = e.code().wireCode();
        r.message = e.detail();
        r.leaderHint = e.leaderHint();
        r.routeVersion = e.routeVersion();
        return r;
    }

    public WfsException toException() {
        return new WfsException(WfsErrorCode.fromWireCode(code), message == null ? "" : message, leaderHint, routeVersion, null);
    }

    public int code() {
        return code;
    }

    public String message() {
        return message;
    }
}
