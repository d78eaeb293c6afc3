package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.Validate;

/** Creates a symbolic link to {@code target} (1..4096 bytes). */
public final class SymlinkRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private byte[] target;

    public SymlinkRequest() {
    }

    public SymlinkRequest(MetaHeader header, long parent, byte[] name, byte[] target) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.target = target;
    }

    public MetaHeader header() {
        return header;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    public byte[] target() {
        return target;
    }

    @Override
    public long routingIno() {
        return parent;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(name, "name");
        Validate.notNull(target, "target");
        if (target.length == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "empty symlink target");
        }
        if (target.length > 4096) {
            throw new WfsException(WfsErrorCode.ENAMETOOLONG, "symlink target longer than 4096 bytes");
        }
    }
}
