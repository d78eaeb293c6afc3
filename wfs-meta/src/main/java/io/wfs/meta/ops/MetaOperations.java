package io.wfs.meta.ops;

import io.wfs.common.rpc.MessageType;
import java.util.EnumMap;
import java.util.List;

/** The operation class of each metadata message type. */
public final class MetaOperations {
    private final EnumMap<MessageType, MetaOperation<?, ?>> byType = new EnumMap<>(MessageType.class);

    public MetaOperations() {
        for (MetaOperation<?, ?> op : List.of(new LookupOp(), new GetAttrOp(), new SetAttrOp(), new MknodOp(),
                new MkdirOp(), new UnlinkOp(), new RmdirOp(), new SymlinkOp(), new ReadlinkOp(), new LinkOp(),
                new RenameOp(), new ReaddirOp(), new GetXattrOp(), new SetXattrOp(), new ListXattrOp(),
                new RemoveXattrOp(), new StatFsOp(), new AllocateBlockIdsOp(), new CommitSlicesOp(), new GetSlicesOp(),
                new CreateLockedOp(), new LockForRemoveOp(), new ResolveLockOp(), new StepCheckOp(),
                new LinkLockedChildOp(), new UnlinkLockedChildOp(), new LockForLinkOp(),
                new LockForRenameOp(), new RenameEntriesOp(), new RenameLeaseOp(),
                new OpenOp(), new CloseOp(), new SetLockOp(), new GetLockOp(), new SessionHeartbeatOp(),
                new UnreferencedBlocksOp())) {
            if (byType.put(op.type(), op) != null) {
                throw new IllegalStateException("two operations for " + op.type());
            }
        }
    }

    /** The operation for {@code type}, or null when it is not a metadata message. */
    public MetaOperation<?, ?> of(MessageType type) {
        return byType.get(type);
    }

    public Iterable<MetaOperation<?, ?>> all() {
        return byType.values();
    }
}
