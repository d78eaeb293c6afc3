package io.wfs.meta.namespace;

/**
 * A refused namespace operation. The {@link Code} maps one-to-one to the errno the request
 * layer answers with, so callers switch on it instead of on exception classes.
 */
public class NamespaceException extends RuntimeException {
    /** Reasons, named after the errno they become. */
    public enum Code {
        ENOENT, EEXIST, ENOTDIR, EISDIR, ENOTEMPTY, ENAMETOOLONG, EINVAL, ENODATA, E2BIG, ENOSPC, EDQUOT, EXDEV,
        /** The inode's slot is not owned here: the caller's route is stale (retry after refreshing it). */
        NOT_OWNER
    }

    private final Code code;

    public NamespaceException(Code code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public Code code() {
        return code;
    }
}
