package io.wfs.meta.ops;

import io.wfs.common.msg.meta.StepCheckReply;
import io.wfs.common.msg.meta.StepCheckRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/**
 * The sweep's question to a parent's group, answered in the log: did the locked step happen here
 * (its receipt, or for a mkdir its entry; see {@link StepCheckRequest})?
 * A plain read could answer "no" from a deposed leader, or before a step proposed in time but
 * committed after a leader change; the sweep would then undo an operation that stands. As a log
 * entry the answer is ordered with every step, and a "no" fences the step so it can never
 * happen later: the decision and the namespace agree.
 */
public final class StepCheckOp implements MetaOperation<StepCheckRequest, StepCheckReply> {
    @Override
    public MessageType type() {
        return MessageType.STEP_CHECK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public StepCheckReply execute(MetaContext ctx, StepCheckRequest req) {
        boolean happened = req.byReceipt()
                ? ctx.intents().receipts().contains(req.ino(), req.lockTimeNs())
                : names(ctx, req);
        if (!happened) {
            ctx.intents().fences().record(req.ino(), req.lockTimeNs(), ctx.timeNs());
        }
        return new StepCheckReply(happened);
    }

    private static boolean names(MetaContext ctx, StepCheckRequest req) {
        if (!ctx.slotOf(req.parent()).contains(req.parent())) {
            return false;
        }
        InodeAttributes dir = ctx.attributes(req.parent());
        return FileType.isDirectory(dir.mode()) && ctx.slotOf(req.parent()).lookup(req.parent(), req.name()) == req.ino();
    }
}
