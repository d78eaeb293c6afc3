package io.wfs.common.rpc.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.Timer;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.auth.AuthAccepted;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ClientProof;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.RpcMetrics;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.FrameDecoder;
import io.wfs.common.rpc.wire.ProtocolViolation;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One authenticated connection to a server with many calls in flight, correlated by request
 * id. Runs the client half of the handshake (and checks the server's proof, so a client never
 * talks to an impostor), times out calls, and fails every pending call when the connection drops.
 */
final class ClientConnection extends SimpleChannelInboundHandler<Frame> {
    private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);
    private static final byte[] PING_PAYLOAD = new byte[0];

    private final HandshakeProofs proofs;
    private final Scope scope;
    private final FrameDecoder decoder;
    private final Timer timer;
    private final RpcMetrics metrics;
    private final String clientName;
    private final Duration handshakeTimeout;
    private final Duration pingTimeout;
    private final Long2ObjectOpenHashMap<PendingCall> pending = new Long2ObjectOpenHashMap<>();
    private final AtomicLong nextRequestId = new AtomicLong(1);
    private final CompletableFuture<ClientConnection> ready = new CompletableFuture<>();
    private volatile Channel channel;
    private boolean closed;

    ClientConnection(HandshakeProofs proofs, Scope scope, FrameDecoder decoder, Timer timer, RpcMetrics metrics, String clientName,
                     Duration handshakeTimeout, Duration pingTimeout) {
        this.proofs = proofs;
        this.scope = scope;
        this.decoder = decoder;
        this.timer = timer;
        this.metrics = metrics;
        this.clientName = clientName;
        this.handshakeTimeout = handshakeTimeout;
        this.pingTimeout = pingTimeout;
    }

    /** Completes when the handshake has succeeded. */
    CompletableFuture<ClientConnection> ready() {
        return ready;
    }

    boolean isUsable() {
        Channel ch = channel;
        return ch != null && ch.isActive() && ready.isDone() && !ready.isCompletedExceptionally();
    }

    void close() {
        Channel ch = channel;
        if (ch != null) {
            ch.close();
        }
    }

    @SuppressWarnings("unchecked")
    <R extends Response> CompletableFuture<R> call(Request<R> request, Duration timeout) {
        MessageType type = MessageType.ofRequest(request.getClass());
        return (CompletableFuture<R>) send(type, request, timeout);
    }

    private CompletableFuture<Response> send(MessageType type, Object body, Duration timeout) {
        long id = nextRequestId.getAndIncrement();
        PendingCall call = new PendingCall(type, System.nanoTime());
        synchronized (pending) {
            if (closed) {
                return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.UNAVAILABLE,
                        "connection to " + channel.remoteAddress() + " is closed"));
            }
            pending.put(id, call);
        }
        call.timeout = timer.newTimeout(t -> {
            PendingCall c = take(id);
            if (c != null) {
                fail(c, new WfsException(WfsErrorCode.TIMEOUT, type + " to " + channel.remoteAddress()
                        + " got no answer within " + timeout.toMillis() + " ms"));
            }
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        channel.writeAndFlush(Frame.request(id, type, body)).addListener(f -> {
            if (!f.isSuccess()) {
                PendingCall c = take(id);
                if (c != null) {
                    WfsException w = WfsException.unwrap(f.cause());
                    fail(c, w.code() == WfsErrorCode.INTERNAL
                            ? new WfsException(WfsErrorCode.UNAVAILABLE, "send failed: " + f.cause(), f.cause()) : w);
                }
            }
        });
        return call.future;
    }

    private PendingCall take(long id) {
        synchronized (pending) {
            return pending.remove(id);
        }
    }

    private void fail(PendingCall c, WfsException e) {
        if (c.timeout != null) {
            c.timeout.cancel();
        }
        metrics.completed(c.type, c.startNanos, true);
        c.future.completeExceptionally(e);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        channel = ctx.channel();
        metrics.connectionOpened();
        ctx.executor().schedule(() -> {
            if (ready.completeExceptionally(new WfsException(WfsErrorCode.TIMEOUT,
                    "handshake with " + ctx.channel().remoteAddress() + " did not finish in time"))) {
                ctx.close();
            }
        }, handshakeTimeout.toMillis(), TimeUnit.MILLISECONDS);
        startHandshake(ctx);
        super.channelActive(ctx);
    }

    private void startHandshake(ChannelHandlerContext ctx) {
        byte[] clientNonce = HandshakeProofs.nonce(ClientHello.NONCE_BYTES);
        Duration t = handshakeTimeout;
        send(MessageType.AUTH_HELLO, ClientHandshake.hello(clientNonce, clientName, scope), t)
                .thenCompose(r -> {
                    ClientProof proof = ClientHandshake.answer(proofs, clientNonce, (ServerChallenge) r,
                            ctx.channel().remoteAddress(), scope, metrics);
                    // Authenticated from our side: responses of any size may arrive from now on.
                    decoder.markAuthenticated();
                    return send(MessageType.AUTH_PROOF, proof, t);
                })
                .whenComplete((r, e) -> {
                    if (e == null && r instanceof AuthAccepted) {
                        ready.complete(this);
                    } else {
                        ready.completeExceptionally(WfsException.unwrap(e));
                        ctx.close();
                    }
                });
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Frame frame) {
        PendingCall call = take(frame.requestId());
        if (call == null) {
            LOG.debug("late response {} #{} from {} (call already timed out)", frame.type(), frame.requestId(),
                    ctx.channel().remoteAddress());
            return;
        }
        if (call.type != frame.type()) {
            metrics.violation(ProtocolViolation.UNEXPECTED_RESPONSE);
            fail(call, new WfsException(WfsErrorCode.UNAVAILABLE, "protocol confusion: " + frame.type()
                    + " answered a " + call.type + " call"));
            ctx.close();
            return;
        }
        call.timeout.cancel();
        boolean error = frame.isError();
        metrics.completed(call.type, call.startNanos, error);
        if (error) {
            call.future.completeExceptionally(((ErrorReply) frame.body()).toException());
        } else {
            call.future.complete((Response) frame.body());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        metrics.connectionClosed();
        List<PendingCall> orphans;
        synchronized (pending) {
            closed = true;
            orphans = new ArrayList<>(pending.values());
            pending.clear();
        }
        WfsException e = new WfsException(WfsErrorCode.UNAVAILABLE, "connection to " + ctx.channel().remoteAddress()
                + " closed");
        ready.completeExceptionally(e);
        for (PendingCall c : orphans) {
            fail(c, e);
        }
        super.channelInactive(ctx);
    }

    /**
     * The pipeline's idle handler fires when this connection has written nothing for
     * {@code rpc.ping-interval}: send an empty ECHO so the server, which closes connections it
     * reads nothing from, sees a live peer. The answer (or its absence) needs no handling: a
     * dead server shows up as a failed call or a closed connection like any other.
     */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent && isUsable()) {
            send(MessageType.ECHO, new EchoRequest(PING_PAYLOAD), pingTimeout);
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("connection to {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
