package io.wfs.meta.ops;

import io.wfs.common.rpc.MessageType;
import java.util.HashMap;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The one registry of the meta server: the class of each metadata request type and of each
 * internal command. The RPC layer serves every request type registered here ({@code MetaServer},
 * {@code MetaRequestHandler}: route check, then {@link MetaOperation#lead} on the group's leader);
 * the state machine applies each log entry with the class registered for its type
 * ({@link MetaOperation#execute}, {@link InternalOperation#apply}). Follow one operation by its
 * class: everything it does, on the leader and on every replica, is there.
 */
public final class MetaOperations {
    private final EnumMap<MessageType, MetaOperation<?, ?>> byType = new EnumMap<>(MessageType.class);
    private final Map<Short, InternalOperation> byCommand = new HashMap<>();

    public MetaOperations() {
        AckDeletionsOp ackDeletions = new AckDeletionsOp();
        for (MetaOperation<?, ?> op : List.of(
                // Namespace, as a client sends them.
                new LookupOp(), new GetAttrOp(), new SetAttrOp(), new MknodOp(), new MkdirOp(), new UnlinkOp(),
                new RmdirOp(), new SymlinkOp(), new ReadlinkOp(), new LinkOp(), new RenameOp(), new ReaddirOp(),
                new GetXattrOp(), new SetXattrOp(), new ListXattrOp(), new RemoveXattrOp(), new StatFsOp(),
                // File data.
                new AllocateBlockIdsOp(), new CommitSlicesOp(), new GetSlicesOp(),
                // Client sessions: opens, locks, heartbeats.
                new OpenOp(), new CloseOp(), new CloseBatchOp(), new AnnounceOpensOp(), new SetLockOp(), new GetLockOp(),
                new SessionHeartbeatOp(),
                // Client caches: the lease poll; asynchronous creates under a delegation.
                new CacheLeasePollOp(), new DelegateCreatesOp(), new CreateBatchOp(),
                // The stores: deletion queue, orphan blocks.
                new PendingDeletionsOp(), ackDeletions, new UnreferencedBlocksOp(),
                // wfs fsck: the scan, and --repair.
                new ScanInodesOp(), new RepairInodeOp(),
                // Directory quotas.
                new SetQuotaOp(), new GetQuotaOp(), new RemoveQuotaOp(), new ListQuotasOp(),
                // Cross-group steps, sent by a coordinating leader or a lock sweep.
                new CreateLockedOp(), new LockForRemoveOp(), new ResolveLockOp(), new StepCheckOp(),
                new LinkLockedChildOp(), new UnlinkLockedChildOp(), new LockForLinkOp(),
                new LockForRenameOp(), new RenameEntriesOp(), new RenameLeaseOp())) {
            if (byType.put(op.type(), op) != null) {
                throw new IllegalStateException("two operations for " + op.type());
            }
        }
        for (InternalOperation op : List.of(new CreateRootOp(), new ExpireSessionsOp(), ackDeletions,
                new ReleaseOrphansOp(), new LeasesGrantedOp())) {
            if (op.command() >= 0 || byCommand.put(op.command(), op) != null) {
                throw new IllegalStateException("internal command " + op.command() + " must be negative and unique");
            }
        }
    }

    /** The operation for {@code type}, or null when it is not a metadata message. */
    public MetaOperation<?, ?> of(MessageType type) {
        return byType.get(type);
    }

    /** The internal command of log type {@code command} (negative), or null. */
    public InternalOperation internal(short command) {
        return byCommand.get(command);
    }

    public Iterable<MetaOperation<?, ?>> all() {
        return byType.values();
    }

    public Iterable<InternalOperation> allInternal() {
        return byCommand.values();
    }
}
