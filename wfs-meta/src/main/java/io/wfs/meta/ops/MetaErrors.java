package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.meta.namespace.NamespaceException;

/** Turns the store's refusals into the errors callers see. */
public final class MetaErrors {
    private MetaErrors() {
    }

    public static WfsException of(NamespaceException e) {
        WfsErrorCode code = switch (e.code()) {
            case ENOENT -> WfsErrorCode.ENOENT;
            case EEXIST -> WfsErrorCode.EEXIST;
            case ENOTDIR -> WfsErrorCode.ENOTDIR;
            case EISDIR -> WfsErrorCode.EISDIR;
            case ENOTEMPTY -> WfsErrorCode.ENOTEMPTY;
            case ENAMETOOLONG -> WfsErrorCode.ENAMETOOLONG;
            case EINVAL -> WfsErrorCode.EINVAL;
            case ENODATA -> WfsErrorCode.ENODATA;
            case E2BIG -> WfsErrorCode.E2BIG;
            case ENOSPC -> WfsErrorCode.ENOSPC;
            case EDQUOT -> WfsErrorCode.EDQUOT;
            case EXDEV -> WfsErrorCode.EXDEV;
            // The slot lives in another group: the client's route is out of date.
            case NOT_OWNER -> WfsErrorCode.STALE_ROUTE;
        };
        return new WfsException(code, e.getMessage());
    }
}
