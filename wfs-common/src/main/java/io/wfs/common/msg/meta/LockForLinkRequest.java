package io.wfs.common.msg.meta;

/**
 * Cross-group link, step 1, in the group owning {@code ino}: checks it may get another name,
 * counts the new link and locks it with the intent (newParent, newName).
 */
public final class LockForLinkRequest extends NewLinkRequest<AttrReply> {
    public LockForLinkRequest() {
    }

    public LockForLinkRequest(MetaHeader header, long ino, long newParent, byte[] newName) {
        super(header, ino, newParent, newName);
    }
}
