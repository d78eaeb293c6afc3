package io.wfs.common.rpc.client;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.auth.AuthAccepted;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.RpcMetrics;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.FrameLimits;
import io.wfs.common.rpc.wire.StreamFrames;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * A connection the calling thread writes its request to and reads the answer from itself, one
 * call at a time: no hand-off to an event loop and back, which on a small machine is most of a
 * short call's cost (docs/client.md, "Calls on the caller's thread"). Authenticates like
 * {@link ClientConnection} (and checks the server's proof); a timeout, a broken frame or a
 * dropped connection ends it, and the call fails with TIMEOUT or UNAVAILABLE as it would on
 * the event loop's connections.
 */
final class DirectConnection implements AutoCloseable {
    /** Answers up to this size are read into one buffer kept for the next; a bigger one gets its own. */
    private static final int KEPT_BUFFER_BYTES = 1 << 20;

    private final InetSocketAddress address;
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final FrameLimits limits;
    private final RpcMetrics metrics;
    private byte[] bodyBuffer = new byte[4096];
    private long nextRequestId = 1;
    private long lastUsedNanos = System.nanoTime();
    private boolean broken;

    private DirectConnection(InetSocketAddress address, Socket socket, FrameLimits limits, RpcMetrics metrics) throws IOException {
        this.address = address;
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 << 10));
        this.out = socket.getOutputStream();
        this.limits = limits;
        this.metrics = metrics;
    }

    /** Connects to {@code address} and runs the handshake; UNAVAILABLE, TIMEOUT or AUTH_FAILED when it cannot. */
    static DirectConnection open(InetSocketAddress address, HandshakeProofs proofs, Scope scope, String clientName,
                                 FrameLimits limits, RpcMetrics metrics, Duration connectTimeout) {
        Socket socket = new Socket();
        DirectConnection c = null;
        try {
            socket.setTcpNoDelay(true);
            socket.connect(address, (int) connectTimeout.toMillis());
            c = new DirectConnection(address, socket, limits, metrics);
            metrics.connectionOpened();
            c.handshake(proofs, scope, clientName, connectTimeout);
            return c;
        } catch (IOException | RuntimeException e) {
            if (c != null) {
                c.close();
            } else {
                closeQuietly(socket);
            }
            throw e instanceof WfsException w ? w : new WfsException(WfsErrorCode.UNAVAILABLE,
                    "cannot connect to " + address + ": " + e, e);
        }
    }

    private void handshake(HandshakeProofs proofs, Scope scope, String clientName, Duration timeout) throws IOException {
        byte[] clientNonce = HandshakeProofs.nonce(ClientHello.NONCE_BYTES);
        ServerChallenge challenge = (ServerChallenge) exchange(MessageType.AUTH_HELLO,
                ClientHandshake.hello(clientNonce, clientName, scope), timeout, false);
        Object accepted = exchange(MessageType.AUTH_PROOF,
                ClientHandshake.answer(proofs, clientNonce, challenge, address, scope, metrics), timeout, false);
        if (!(accepted instanceof AuthAccepted)) {
            throw new WfsException(WfsErrorCode.AUTH_FAILED, "server " + address + " did not accept the handshake");
        }
    }

    /** Sends {@code body} as a {@code type} request and returns the answer's body; errors as {@link WfsException}. */
    Object call(MessageType type, Object body, Duration timeout) {
        if (broken) {
            throw new WfsException(WfsErrorCode.UNAVAILABLE, "connection to " + address + " is closed");
        }
        try {
            return exchange(type, body, timeout, true);
        } catch (SocketTimeoutException e) {
            close();
            throw new WfsException(WfsErrorCode.TIMEOUT, type + " to " + address + " got no answer within "
                    + timeout.toMillis() + " ms");
        } catch (StreamFrames.ProtocolError e) {
            metrics.violation(e.violation());
            close();
            throw new WfsException(WfsErrorCode.UNAVAILABLE, "protocol confusion with " + address + ": " + e.getMessage());
        } catch (IOException e) {
            close();
            throw new WfsException(WfsErrorCode.UNAVAILABLE, "connection to " + address + " failed: " + e, e);
        }
    }

    private Object exchange(MessageType type, Object body, Duration timeout, boolean authenticated) throws IOException {
        long id = nextRequestId++;
        socket.setSoTimeout((int) Math.max(1, timeout.toMillis()));
        metrics.frameOut(type, StreamFrames.writeRequest(out, id, type, body, limits));
        Frame answer = StreamFrames.response(in, id, type, limits, authenticated, metrics, this::bodyBuffer);
        lastUsedNanos = System.nanoTime();
        if (answer.isError()) {
            throw ((ErrorReply) answer.body()).toException();
        }
        return answer.body();
    }

    private byte[] bodyBuffer(int length) {
        if (length <= bodyBuffer.length) {
            return bodyBuffer;
        }
        if (length > KEPT_BUFFER_BYTES) {
            return new byte[length];
        }
        bodyBuffer = new byte[Math.max(length, Math.min(KEPT_BUFFER_BYTES, bodyBuffer.length * 2))];
        return bodyBuffer;
    }

    /** Nanoseconds since the last answer: a server closes a connection it hears nothing from for rpc.idle-timeout. */
    long idleNanos(long now) {
        return now - lastUsedNanos;
    }

    boolean isBroken() {
        return broken;
    }

    @Override
    public void close() {
        if (!broken) {
            broken = true;
            metrics.connectionClosed();
            closeQuietly(socket);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing: nothing more to do with it.
        }
    }
}
