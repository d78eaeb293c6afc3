package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.Validate;

/** Creates a symbolic link to {@code target} (1..4096 bytes). */
public final class SymlinkRequest extends EntryNameRequest<AttrReply> {
    private byte[] target;

    public SymlinkRequest() {
    }

    public SymlinkRequest(MetaHeader header, long parent, byte[] name, byte[] target) {
        super(header, parent, name);
        this.target = target;
    }

    public byte[] target() {
        return target;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.notNull(target, "target");
        if (target.length == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "empty symlink target");
        }
        if (target.length > 4096) {
            throw new WfsException(WfsErrorCode.ENAMETOOLONG, "symlink target longer than 4096 bytes");
        }
    }
}
