package io.wfs.common.rpc;

/** A response message (see {@link Request}). */
public interface Response {
}
