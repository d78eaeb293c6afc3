package io.wfs.common.rpc;

/**
 * A request message; {@code R} is the response it is answered with, so a call site gets a
 * typed future. Messages are plain protostuff POJOs: a no-argument constructor and fields in a
 * fixed order (fields are numbered by declaration order, so new fields go at the end).
 */
public interface Request<R extends Response> {
    /**
     * Checks sizes and fields before the server executes the request.
     *
     * @throws io.wfs.common.error.WfsException with BAD_REQUEST (or the POSIX code a caller
     *         should see, e.g. ENAMETOOLONG) when a field is invalid
     */
    default void validate() {
    }
}
