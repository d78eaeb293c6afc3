package io.wfs.common.rpc.client;

import io.netty.util.Timeout;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import java.util.concurrent.CompletableFuture;

/** A call waiting for its response. */
final class PendingCall {
    final MessageType type;
    final long startNanos;
    final CompletableFuture<Response> future = new CompletableFuture<>();
    volatile Timeout timeout;

    PendingCall(MessageType type, long startNanos) {
        this.type = type;
        this.startNanos = startNanos;
    }
}
