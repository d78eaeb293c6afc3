package io.wfs.csi;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** The gRPC codes the CSI spec prescribes, as exceptions a service method throws. */
final class CsiStatus {
    private CsiStatus() {
    }

    static StatusRuntimeException invalid(String what) {
        return Status.INVALID_ARGUMENT.withDescription(what).asRuntimeException();
    }

    static StatusRuntimeException notFound(String what) {
        return Status.NOT_FOUND.withDescription(what).asRuntimeException();
    }

    static StatusRuntimeException alreadyExists(String what) {
        return Status.ALREADY_EXISTS.withDescription(what).asRuntimeException();
    }

    static StatusRuntimeException outOfRange(String what) {
        return Status.OUT_OF_RANGE.withDescription(what).asRuntimeException();
    }

    static StatusRuntimeException failedPrecondition(String what) {
        return Status.FAILED_PRECONDITION.withDescription(what).asRuntimeException();
    }

    static StatusRuntimeException internal(String what, Throwable cause) {
        return Status.INTERNAL.withDescription(what).withCause(cause).asRuntimeException();
    }

    /** A file system error: the codes with a CSI meaning keep it, the rest are INTERNAL (UNAVAILABLE when the cluster is). */
    static StatusRuntimeException of(WfsException e) {
        return switch (e.code()) {
            case ENOENT -> notFound(e.getMessage());
            case EEXIST -> alreadyExists(e.getMessage());
            case ENOSPC -> Status.RESOURCE_EXHAUSTED.withDescription(e.getMessage()).asRuntimeException();
            case EIO -> Status.UNAVAILABLE.withDescription(e.getMessage()).withCause(e).asRuntimeException();
            default -> internal(e.getMessage(), e);
        };
    }
}
