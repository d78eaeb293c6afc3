package io.wfs.common.rpc.server;

import io.wfs.common.rpc.wire.WireFormat;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.ScheduledFuture;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.auth.AuthAccepted;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ClientProof;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.FrameDecoder;
import io.wfs.common.rpc.wire.FrameObserver;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.rpc.wire.ViolationLog;
import java.util.concurrent.TimeUnit;

/**
 * Server half of the handshake: hello → challenge (with the server's proof) → client proof →
 * accepted. Until it succeeds nothing else reaches the dispatcher; then this handler removes
 * itself from the pipeline.
 */
final class ServerHandshakeHandler extends SimpleChannelInboundHandler<Frame> {
    static final AttributeKey<String> CLIENT_NAME = AttributeKey.valueOf("wfs.clientName");
    /** The scope of a connection authenticated with a scoped credential; absent for the full secret. */
    static final AttributeKey<Scope> SCOPE = AttributeKey.valueOf("wfs.scope");

    private final ClusterSecret secret;
    private final HandshakeProofs fullProofs;
    private HandshakeProofs proofs;
    private final FrameDecoder decoder;
    private final FrameObserver observer;
    private final long timeoutMillis;
    private final String serverName;
    private byte[] clientNonce;
    private byte[] serverNonce;
    private ScheduledFuture<?> timeout;

    ServerHandshakeHandler(ClusterSecret secret, HandshakeProofs fullProofs, FrameDecoder decoder,
                           FrameObserver observer, long timeoutMillis, String serverName) {
        this.secret = secret;
        this.fullProofs = fullProofs;
        this.decoder = decoder;
        this.observer = observer;
        this.timeoutMillis = timeoutMillis;
        this.serverName = serverName;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        timeout = ctx.executor().schedule(() -> reject(ctx, ProtocolViolation.HANDSHAKE_TIMEOUT, null,
                "no authentication within " + timeoutMillis + " ms"), timeoutMillis, TimeUnit.MILLISECONDS);
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelTimeout();
        super.channelInactive(ctx);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Frame frame) {
        if (frame.type() == MessageType.AUTH_HELLO && clientNonce == null) {
            onHello(ctx, frame, (ClientHello) frame.body());
        } else if (frame.type() == MessageType.AUTH_PROOF && clientNonce != null) {
            onProof(ctx, frame, (ClientProof) frame.body());
        } else {
            reject(ctx, ProtocolViolation.UNAUTHENTICATED, null, frame.type() + " out of handshake order");
        }
    }

    private void onHello(ChannelHandlerContext ctx, Frame frame, ClientHello hello) {
        try {
            hello.validate();
        } catch (WfsException e) {
            reject(ctx, ProtocolViolation.MALFORMED, frame, e.detail());
            return;
        }
        if (hello.protocolVersion() != WireFormat.VERSION) {
            reject(ctx, ProtocolViolation.AUTH_FAILED, frame, "unsupported protocol version " + hello.protocolVersion()
                    + ": this node speaks wire format " + WireFormat.VERSION + "; run one build on every node and client");
            return;
        }
        Scope scope;
        try {
            scope = hello.scope();
        } catch (IllegalArgumentException e) {
            reject(ctx, ProtocolViolation.AUTH_FAILED, frame, e.getMessage());
            return;
        }
        // A scoped client proves the key derived for the scope it announces: announcing another
        // scope (or other flags) than its key's makes its proof wrong, and it is refused.
        proofs = scope == null ? fullProofs : HandshakeProofs.forScope(secret, scope);
        if (scope != null) {
            ctx.channel().attr(SCOPE).set(scope);
        }
        clientNonce = hello.clientNonce();
        serverNonce = HandshakeProofs.nonce(ClientHello.NONCE_BYTES);
        ctx.channel().attr(CLIENT_NAME).set(hello.clientName());
        ctx.writeAndFlush(Frame.response(frame.requestId(), frame.type(),
                new ServerChallenge(serverNonce, proofs.serverProof(clientNonce, serverNonce))));
    }

    private void onProof(ChannelHandlerContext ctx, Frame frame, ClientProof proof) {
        if (!HandshakeProofs.matches(proofs.clientProof(clientNonce, serverNonce), proof.proof())) {
            reject(ctx, ProtocolViolation.AUTH_FAILED, frame, ctx.channel().attr(SCOPE).get() == null
                    ? "wrong proof of the cluster secret" : "wrong proof of the key of " + ctx.channel().attr(SCOPE).get());
            return;
        }
        cancelTimeout();
        decoder.markAuthenticated();
        ctx.pipeline().remove(this);
        ctx.writeAndFlush(Frame.response(frame.requestId(), frame.type(), new AuthAccepted(serverName)));
    }

    /** Counts and logs the violation, answers the pending handshake call if any, and closes. */
    private void reject(ChannelHandlerContext ctx, ProtocolViolation v, Frame frame, String detail) {
        if (!ctx.channel().isActive()) {
            return;
        }
        cancelTimeout();
        observer.violation(v);
        ViolationLog.closing(ctx.channel().remoteAddress(), v, detail);
        if (frame != null) {
            WfsException e = new WfsException(WfsErrorCode.AUTH_FAILED, detail);
            ctx.writeAndFlush(Frame.error(frame.requestId(), frame.type(), ErrorReply.of(e)))
                    .addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }
}
