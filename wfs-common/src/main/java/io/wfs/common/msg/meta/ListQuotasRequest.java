package io.wfs.common.msg.meta;

/** Every quota of the group owning {@code slot} (root only); the client asks each group once. */
public final class ListQuotasRequest extends SlotRequest<QuotaListReply> {
    public ListQuotasRequest() {
    }

    public ListQuotasRequest(MetaHeader header, int slot) {
        super(header, slot);
    }
}
