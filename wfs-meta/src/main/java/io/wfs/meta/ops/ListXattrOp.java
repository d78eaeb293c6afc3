package io.wfs.meta.ops;

import io.wfs.common.msg.meta.ListXattrRequest;
import io.wfs.common.msg.meta.XattrNamesReply;
import io.wfs.common.rpc.MessageType;
import java.io.ByteArrayOutputStream;

/** listxattr: the names, each followed by NUL (no permission needed beyond reaching the inode). */
public final class ListXattrOp implements MetaOperation<ListXattrRequest, XattrNamesReply> {
    @Override
    public MessageType type() {
        return MessageType.LIST_XATTR;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public XattrNamesReply execute(MetaContext ctx, ListXattrRequest req) {
        ctx.attributes(req.ino());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] name : ctx.slotOf(req.ino()).xattrs().list(req.ino())) {
            out.writeBytes(name);
            out.write(0);
        }
        return new XattrNamesReply(out.toByteArray());
    }
}
