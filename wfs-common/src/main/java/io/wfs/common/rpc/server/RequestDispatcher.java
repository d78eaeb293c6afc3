package io.wfs.common.rpc.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageCategory;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.RpcMetrics;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.wire.Frame;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each authenticated request through validate → handler → reply, on the event loop or
 * the worker pool as the handler was registered. A request that fails validation is answered
 * with its error; the connection stays open (only framing violations close it).
 */
final class RequestDispatcher extends SimpleChannelInboundHandler<Frame> {
    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);

    private final HandlerRegistry handlers;
    private final Executor workers;
    private final RpcMetrics metrics;
    private final RequestBackpressure backpressure;

    RequestDispatcher(HandlerRegistry handlers, Executor workers, RpcMetrics metrics, RequestBackpressure backpressure) {
        this.handlers = handlers;
        this.workers = workers;
        this.metrics = metrics;
        this.backpressure = backpressure;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        backpressure.writabilityChanged(ctx);
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        metrics.connectionOpened();
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        metrics.connectionClosed();
        super.channelInactive(ctx);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Frame frame) {
        long start = System.nanoTime();
        backpressure.started(ctx);
        MessageType type = frame.type();
        HandlerRegistry.Entry entry = handlers.lookup(type);
        if (entry == null || type.category() == MessageCategory.HANDSHAKE) {
            reply(ctx, frame, null, new WfsException(WfsErrorCode.BAD_REQUEST, "this server does not serve " + type), start);
            return;
        }
        Scope scope = ctx.channel().attr(ServerHandshakeHandler.SCOPE).get();
        if (scope != null && !ScopedAccess.allows(type)) {
            reply(ctx, frame, null, new WfsException(WfsErrorCode.EACCES, "a credential scoped to "
                    + scope + " may not send " + type), start);
            return;
        }
        RequestContext context = new RequestContext(ctx.channel().remoteAddress(),
                ctx.channel().attr(ServerHandshakeHandler.CLIENT_NAME).get(), entry.dispatch() != Dispatch.WORKER, scope);
        if (entry.dispatch() == Dispatch.EVENT_LOOP) {
            execute(ctx, frame, entry, context, start);
            return;
        }
        if (entry.dispatch() == Dispatch.EVENT_LOOP_UNLESS_BUSY) {
            CompletableFuture<? extends Response> result = invoke(frame, entry, context);
            if (result != RequestHandler.BUSY) {
                result.whenComplete((response, error) -> reply(ctx, frame, response, error, start));
                return;
            }
            context = context.onWorker();
        }
        RequestContext onWorker = context;
        try {
            workers.execute(() -> execute(ctx, frame, entry, onWorker, start));
        } catch (RejectedExecutionException e) {
            reply(ctx, frame, null, new WfsException(WfsErrorCode.EBUSY, "server overloaded: request queue full"), start);
        }
    }

    private void execute(ChannelHandlerContext ctx, Frame frame, HandlerRegistry.Entry entry, RequestContext context,
                         long start) {
        CompletableFuture<? extends Response> result = invoke(frame, entry, context);
        if (result == RequestHandler.BUSY) {
            result = CompletableFuture.failedFuture(new IllegalStateException("handler of " + frame.type()
                    + " answered busy off the event loop"));
        }
        result.whenComplete((response, error) -> reply(ctx, frame, response, error, start));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private CompletableFuture<? extends Response> invoke(Frame frame, HandlerRegistry.Entry entry, RequestContext context) {
        try {
            Request request = (Request) frame.body();
            request.validate();
            CompletableFuture<? extends Response> result = ((RequestHandler) entry.handler()).handle(request, context);
            if (result == null) {
                throw new IllegalStateException("handler of " + frame.type() + " returned no future");
            }
            return result;
        } catch (Throwable t) {
            return CompletableFuture.failedFuture(t);
        }
    }

    private void reply(ChannelHandlerContext ctx, Frame request, Response response, Throwable error, long start) {
        MessageType type = request.type();
        if (error != null) {
            sendError(ctx, request, error, start);
            return;
        }
        ctx.writeAndFlush(Frame.response(request.requestId(), type, response)).addListener(f -> {
            if (f.isSuccess()) {
                metrics.completed(type, start, false);
                backpressure.finished(ctx);
            } else if (ctx.channel().isActive()) {
                // The response could not be encoded (e.g. over the frame limit): tell the caller.
                sendError(ctx, request, f.cause(), start);
            } else {
                backpressure.finished(ctx);
            }
        });
    }

    private void sendError(ChannelHandlerContext ctx, Frame request, Throwable error, long start) {
        WfsException w = WfsException.unwrap(error);
        if (w.code() == WfsErrorCode.INTERNAL) {
            LOG.error("{} from {} failed", request.type(), ctx.channel().remoteAddress(), error);
        }
        metrics.completed(request.type(), start, true);
        ctx.writeAndFlush(Frame.error(request.requestId(), request.type(), ErrorReply.of(w)))
                .addListener(f -> backpressure.finished(ctx));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("connection from {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
