package io.wfs.client.data;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Waiting for a call from blocking client code: the failure comes out as the call's WfsException. */
public final class Rpc {
    private Rpc() {
    }

    public static <T> T await(CompletableFuture<T> call) {
        try {
            return call.get();
        } catch (ExecutionException e) {
            throw WfsException.unwrap(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WfsException(WfsErrorCode.EIO, "interrupted");
        }
    }
}
