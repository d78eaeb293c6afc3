package io.wfs.common.testing.fuzz;

import java.util.EnumMap;

/** What a fuzz run sent and how the server reacted; printed with every result and failure. */
public final class FuzzStats {
    private final EnumMap<FrameMutator.Kind, Integer> sent = new EnumMap<>(FrameMutator.Kind.class);
    long connections;
    long answered;
    long unanswered;
    long closedByServer;
    long unauthenticatedServed;
    private long handshakesCut;
    private String lastCut = "";
    private final java.util.Map<io.wfs.common.rpc.MessageType, String> internalErrors = new java.util.TreeMap<>();
    private final java.util.Map<String, Integer> errorCodes = new java.util.TreeMap<>();

    void sent(FrameMutator.Kind kind) {
        sent.merge(kind, 1, Integer::sum);
    }

    public long frames() {
        return sent.values().stream().mapToLong(Integer::longValue).sum();
    }

    public long answered() {
        return answered;
    }

    public long closedByServer() {
        return closedByServer;
    }

    /** Requests a server answered on a connection that never authenticated (must stay 0). */
    public long unauthenticatedServed() {
        return unauthenticatedServed;
    }

    /** A valid handshake the server cut (an I/O error, not a refusal). */
    void handshakeCut(java.io.IOException e) {
        handshakesCut++;
        lastCut = e.toString();
    }

    public long handshakesCut() {
        return handshakesCut;
    }

    void errorAnswer(String code) {
        errorCodes.merge(code, 1, Integer::sum);
    }

    void internalError(io.wfs.common.rpc.MessageType type, String message) {
        internalErrors.putIfAbsent(type, message);
    }

    /**
     * Request types a server answered INTERNAL (an unexpected exception: a bug, where bad input
     * should get BAD_REQUEST), each with the first message seen.
     */
    public java.util.Map<io.wfs.common.rpc.MessageType, String> internalErrors() {
        return internalErrors;
    }

    @Override
    public String toString() {
        return frames() + " frames " + sent + " on " + connections + " connections: " + answered + " answered, "
                + unanswered + " unanswered within the wait (errors among the answers " + errorCodes + "), " + closedByServer + " closed by the server, "
                + unauthenticatedServed + " served unauthenticated, INTERNAL answers " + internalErrors
                + (handshakesCut > 0 ? ", " + handshakesCut + " valid handshakes cut (last: " + lastCut + ")" : "");
    }
}
