package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SliceList;
import java.util.ArrayList;
import java.util.List;

/**
 * Attributes and slices of a regular file, fetched when a handle opens it; with
 * {@code GetSlicesRequest.opens()} the open itself rides along ({@link OpenOp#open}), so opening
 * an existing file costs one request.
 */
public final class GetSlicesOp implements MetaOperation<GetSlicesRequest, SlicesReply> {
    @Override
    public MessageType type() {
        return MessageType.GET_SLICES;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public SlicesReply execute(MetaContext ctx, GetSlicesRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        if (!FileType.isRegular(a.mode())) {
            throw new WfsException(FileType.isDirectory(a.mode()) ? WfsErrorCode.EISDIR : WfsErrorCode.EINVAL,
                    "not a regular file");
        }
        if (req.opens()) {
            // The open's own check decides (a write-only handle still needs the slices it overwrites).
            a = OpenOp.open(ctx, req.ino(), req.openFlags(), req.openEpoch());
        } else {
            Permissions.require(a, ctx.caller(), Posix.R_OK);
        }
        SliceList slices = new SliceList();
        ctx.slotOf(req.ino()).files().listSlices(req.ino(), slices);
        List<SliceInfo> out = new ArrayList<>(slices.count());
        for (int i = 0; i < slices.count(); i++) {
            out.add(new SliceInfo(slices.fileOffset(i), slices.length(i), slices.volume(i), slices.blockId(i),
                    slices.blockOffset(i)));
        }
        return new SlicesReply(MetaContext.wire(a), out, req.opens());
    }
}
