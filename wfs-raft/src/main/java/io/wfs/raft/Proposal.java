package io.wfs.raft;

import java.util.concurrent.CompletableFuture;

/** One command waiting to be replicated, with the future its proposer waits on. */
record Proposal(byte[] command, CompletableFuture<Object> result, long startNanos) {
    Proposal(byte[] command) {
        this(command, new CompletableFuture<>(), System.nanoTime());
    }
}
