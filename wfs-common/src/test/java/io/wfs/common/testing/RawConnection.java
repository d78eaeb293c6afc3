package io.wfs.common.testing;

import io.wfs.common.rpc.wire.WireFormat;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ClientProof;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.MessageCodec;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;

/**
 * A blocking socket that speaks the WFS frame format by hand, so tests can do what no real
 * client does: send garbage, oversized or truncated frames, unknown types, wrong proofs.
 */
public final class RawConnection implements AutoCloseable {
    /** A frame as read off the wire. */
    public record RawFrame(long requestId, int type, int flags, byte[] body) {
    }

    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;

    public RawConnection(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, 3000);
        socket.setSoTimeout(10_000);
        socket.setTcpNoDelay(true); // header and body go out in several writes: no Nagle delay between them
        out = new DataOutputStream(socket.getOutputStream());
        in = new DataInputStream(socket.getInputStream());
    }

    /**
     * Runs the client half of the handshake with {@code secret} (announcing its scope, if any),
     * without checking the server's proof; returns the server's last frame.
     */
    public RawFrame handshake(io.wfs.common.rpc.auth.Credential secret) throws IOException {
        HandshakeProofs proofs = secret.proofs();
        byte[] clientNonce = HandshakeProofs.nonce(ClientHello.NONCE_BYTES);
        sendFrame(1, MessageType.AUTH_HELLO.id(), 0,
                MessageCodec.toBytes(new ClientHello(WireFormat.VERSION, clientNonce, "raw", secret.scope())));
        RawFrame challengeFrame = readFrame();
        ServerChallenge challenge = decode(challengeFrame.body(), ServerChallenge.class);
        sendFrame(2, MessageType.AUTH_PROOF.id(), 0,
                MessageCodec.toBytes(new ClientProof(proofs.clientProof(clientNonce, challenge.serverNonce()))));
        return readFrame();
    }

    public void sendFrame(long requestId, int type, int flags, byte[] body) throws IOException {
        sendHeader(Frame.HEADER_BYTES + body.length, requestId, type, flags);
        out.write(body);
        out.flush();
    }

    /** Writes only a header that announces {@code length} bytes after the length field. */
    public void sendHeader(int length, long requestId, int type, int flags) throws IOException {
        out.writeInt(length);
        out.writeLong(requestId);
        out.writeShort(type);
        out.writeByte(flags);
        out.flush();
    }

    /** How long {@link #readFrame()} waits before a {@link SocketTimeoutException}. */
    public void setReadTimeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    public void sendBytes(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    public RawFrame readFrame() throws IOException {
        int length = in.readInt();
        long id = in.readLong();
        int type = in.readShort();
        int flags = in.readByte();
        byte[] body = new byte[length - Frame.HEADER_BYTES];
        in.readFully(body);
        return new RawFrame(id, type, flags, body);
    }

    /** True when the server closes the connection within {@code millis}, reading and discarding what comes first. */
    public boolean closedByPeerWithin(long millis) throws IOException {
        long deadline = System.currentTimeMillis() + millis;
        try {
            while (System.currentTimeMillis() < deadline) {
                socket.setSoTimeout((int) Math.max(1, deadline - System.currentTimeMillis()));
                if (in.read() < 0) {
                    return true;
                }
            }
            return false;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (EOFException | SocketException e) {
            return true;
        }
    }

    public static <T> T decode(byte[] body, Class<T> c) {
        return MessageCodec.decode(io.netty.buffer.Unpooled.wrappedBuffer(body), c);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
