package io.wfs.common.rpc;

import io.wfs.common.msg.auth.AuthAccepted;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ClientProof;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.BlockIdsReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.LockForLinkRequest;
import io.wfs.common.msg.meta.LockForRenameRequest;
import io.wfs.common.msg.meta.RenameEntriesRequest;
import io.wfs.common.msg.meta.RenameLeaseRequest;
import io.wfs.common.msg.meta.PendingDeletionsRequest;
import io.wfs.common.msg.meta.AckDeletionsRequest;
import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.GetLockRequest;
import io.wfs.common.msg.meta.LockInfoReply;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.msg.meta.SetLockRequest;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.StepCheckReply;
import io.wfs.common.msg.meta.StepCheckRequest;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.msg.meta.UnlinkLockedChildRequest;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.GetXattrRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.ListXattrRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.ReadlinkReply;
import io.wfs.common.msg.meta.ReadlinkRequest;
import io.wfs.common.msg.meta.RemoveXattrRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.msg.meta.StatFsReply;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.msg.meta.XattrNamesReply;
import io.wfs.common.msg.meta.XattrValueReply;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Every message type on the wire: its stable id, size category, and request/response classes.
 * Ids never change once released; ranges: 1-9 handshake, 10-99 control, 100-199 meta
 * (150-159: cross-group steps between meta groups), 200-299 manager, 300-399 store
 * (docs/wire-protocol.md).
 */
public enum MessageType {
    AUTH_HELLO(1, MessageCategory.HANDSHAKE, ClientHello.class, ServerChallenge.class),
    AUTH_PROOF(2, MessageCategory.HANDSHAKE, ClientProof.class, AuthAccepted.class),
    ECHO(10, MessageCategory.DATA, EchoRequest.class, EchoResponse.class),

    LOOKUP(100, MessageCategory.META, LookupRequest.class, AttrReply.class),
    GET_ATTR(101, MessageCategory.META, GetAttrRequest.class, AttrReply.class),
    SET_ATTR(102, MessageCategory.META, SetAttrRequest.class, AttrReply.class),
    MKNOD(103, MessageCategory.META, MknodRequest.class, AttrReply.class),
    MKDIR(104, MessageCategory.META, MkdirRequest.class, AttrReply.class),
    UNLINK(105, MessageCategory.META, UnlinkRequest.class, OkReply.class),
    RMDIR(106, MessageCategory.META, RmdirRequest.class, OkReply.class),
    SYMLINK(107, MessageCategory.META, SymlinkRequest.class, AttrReply.class),
    READLINK(108, MessageCategory.META, ReadlinkRequest.class, ReadlinkReply.class),
    LINK(109, MessageCategory.META, LinkRequest.class, AttrReply.class),
    RENAME(110, MessageCategory.META, RenameRequest.class, OkReply.class),
    READDIR(111, MessageCategory.META, ReaddirRequest.class, ReaddirReply.class),
    GET_XATTR(112, MessageCategory.META, GetXattrRequest.class, XattrValueReply.class),
    SET_XATTR(113, MessageCategory.META, SetXattrRequest.class, OkReply.class),
    LIST_XATTR(114, MessageCategory.META, ListXattrRequest.class, XattrNamesReply.class),
    REMOVE_XATTR(115, MessageCategory.META, RemoveXattrRequest.class, OkReply.class),
    STAT_FS(116, MessageCategory.META, StatFsRequest.class, StatFsReply.class),
    ALLOCATE_BLOCK_IDS(117, MessageCategory.META, AllocateBlockIdsRequest.class, BlockIdsReply.class),
    COMMIT_SLICES(118, MessageCategory.META, CommitSlicesRequest.class, AttrReply.class),
    GET_SLICES(119, MessageCategory.META, GetSlicesRequest.class, SlicesReply.class),
    OPEN(120, MessageCategory.META, OpenRequest.class, AttrReply.class),
    CLOSE(121, MessageCategory.META, CloseRequest.class, OkReply.class),
    SET_LOCK(122, MessageCategory.META, SetLockRequest.class, OkReply.class),
    GET_LOCK(123, MessageCategory.META, GetLockRequest.class, LockInfoReply.class),
    SESSION_HEARTBEAT(124, MessageCategory.META, SessionHeartbeatRequest.class, OkReply.class),
    PENDING_DELETIONS(125, MessageCategory.META, PendingDeletionsRequest.class, BlockListReply.class),
    ACK_DELETIONS(126, MessageCategory.META, AckDeletionsRequest.class, OkReply.class),
    UNREFERENCED_BLOCKS(127, MessageCategory.META, io.wfs.common.msg.meta.UnreferencedBlocksRequest.class,
            BlockListReply.class),
    ANNOUNCE_OPENS(128, MessageCategory.META, io.wfs.common.msg.meta.AnnounceOpensRequest.class, OkReply.class),
    SCAN_INODES(129, MessageCategory.META, io.wfs.common.msg.meta.ScanInodesRequest.class,
            io.wfs.common.msg.meta.ScanInodesReply.class),
    SET_QUOTA(130, MessageCategory.META, io.wfs.common.msg.meta.SetQuotaRequest.class,
            io.wfs.common.msg.meta.QuotaReply.class),
    GET_QUOTA(131, MessageCategory.META, io.wfs.common.msg.meta.GetQuotaRequest.class,
            io.wfs.common.msg.meta.QuotaReply.class),
    REMOVE_QUOTA(132, MessageCategory.META, io.wfs.common.msg.meta.RemoveQuotaRequest.class, OkReply.class),
    LIST_QUOTAS(133, MessageCategory.META, io.wfs.common.msg.meta.ListQuotasRequest.class,
            io.wfs.common.msg.meta.QuotaListReply.class),
    CACHE_LEASE_POLL(134, MessageCategory.META, io.wfs.common.msg.meta.CacheLeasePollRequest.class,
            io.wfs.common.msg.meta.CacheLeasePollReply.class),
    DELEGATE_CREATES(135, MessageCategory.META, io.wfs.common.msg.meta.DelegateCreatesRequest.class,
            io.wfs.common.msg.meta.CreateDelegationReply.class),
    CREATE_BATCH(136, MessageCategory.META, io.wfs.common.msg.meta.CreateBatchRequest.class,
            io.wfs.common.msg.meta.CreateBatchReply.class),
    REPAIR_INODE(137, MessageCategory.META, io.wfs.common.msg.meta.RepairInodeRequest.class,
            io.wfs.common.msg.meta.RepairInodeReply.class),
    CLOSE_BATCH(138, MessageCategory.META, io.wfs.common.msg.meta.CloseBatchRequest.class, OkReply.class),

    // Cross-group operations (lock-flag protocol) between meta groups.
    CREATE_LOCKED(150, MessageCategory.META, CreateLockedRequest.class, AttrReply.class),
    LOCK_FOR_REMOVE(151, MessageCategory.META, LockForRemoveRequest.class, AttrReply.class),
    RESOLVE_LOCK(152, MessageCategory.META, ResolveLockRequest.class, OkReply.class),
    STEP_CHECK(153, MessageCategory.META, StepCheckRequest.class, StepCheckReply.class),
    LINK_LOCKED_CHILD(154, MessageCategory.META, LinkLockedChildRequest.class, AttrReply.class),
    UNLINK_LOCKED_CHILD(155, MessageCategory.META, UnlinkLockedChildRequest.class, OkReply.class),
    LOCK_FOR_LINK(156, MessageCategory.META, LockForLinkRequest.class, AttrReply.class),
    LOCK_FOR_RENAME(157, MessageCategory.META, LockForRenameRequest.class, AttrReply.class),
    RENAME_ENTRIES(158, MessageCategory.META, RenameEntriesRequest.class, OkReply.class),
    RENAME_LEASE(159, MessageCategory.META, RenameLeaseRequest.class, OkReply.class),

    // Manager (topology, registration, routes): ids 200-299.
    REGISTER_META_NODE(200, MessageCategory.META, io.wfs.common.msg.manager.RegisterMetaNodeRequest.class,
            io.wfs.common.msg.manager.RegisteredReply.class),
    REGISTER_STORE_NODE(201, MessageCategory.META, io.wfs.common.msg.manager.RegisterStoreNodeRequest.class,
            io.wfs.common.msg.manager.RegisteredReply.class),
    META_HEARTBEAT(202, MessageCategory.META, io.wfs.common.msg.manager.MetaHeartbeatRequest.class,
            io.wfs.common.msg.manager.HeartbeatReply.class),
    STORE_HEARTBEAT(203, MessageCategory.META, io.wfs.common.msg.manager.StoreHeartbeatRequest.class,
            io.wfs.common.msg.manager.HeartbeatReply.class),
    BOOT_ROUTE(204, MessageCategory.META, io.wfs.common.msg.manager.BootRouteRequest.class,
            io.wfs.common.msg.manager.BootRouteReply.class),
    FULL_ROUTE(205, MessageCategory.META, io.wfs.common.msg.manager.FullRouteRequest.class,
            io.wfs.common.msg.manager.RouteReply.class),
    ROUTE_DELTA(206, MessageCategory.META, io.wfs.common.msg.manager.RouteDeltaRequest.class,
            io.wfs.common.msg.manager.RouteReply.class),
    CLUSTER_STATUS(207, MessageCategory.META, io.wfs.common.msg.manager.ClusterStatusRequest.class,
            io.wfs.common.msg.manager.ClusterStatusReply.class),
    VOLUME_STATE_REPORT(208, MessageCategory.META, io.wfs.common.msg.manager.VolumeStateReportRequest.class,
            io.wfs.common.msg.manager.RouteVersionReply.class),
    LOCATE_VOLUME(209, MessageCategory.META, io.wfs.common.msg.manager.LocateVolumeRequest.class,
            io.wfs.common.msg.manager.VolumeLocationReply.class),
    ISSUE_SCOPED_CREDENTIAL(210, MessageCategory.META, io.wfs.common.msg.manager.IssueScopedCredentialRequest.class,
            io.wfs.common.msg.manager.ScopedCredentialReply.class),
    DRAIN_STORE(211, MessageCategory.META, io.wfs.common.msg.manager.DrainStoreRequest.class,
            io.wfs.common.msg.manager.RouteVersionReply.class),

    // Store (blocks, replication, GC): ids 300-399.
    WRITE_BLOCK(300, MessageCategory.DATA, io.wfs.common.msg.store.WriteBlockRequest.class,
            io.wfs.common.msg.store.BlockWrittenReply.class),
    REPLICATE_BLOCK(301, MessageCategory.DATA, io.wfs.common.msg.store.ReplicateBlockRequest.class,
            io.wfs.common.msg.store.BlockWrittenReply.class),
    READ_BLOCK(302, MessageCategory.DATA, io.wfs.common.msg.store.ReadBlockRequest.class,
            io.wfs.common.msg.store.ReadBlockReply.class),
    DELETE_BLOCKS(303, MessageCategory.META, io.wfs.common.msg.store.DeleteBlocksRequest.class,
            io.wfs.common.msg.store.DeleteBlocksReply.class),
    CREATE_VOLUME(304, MessageCategory.META, io.wfs.common.msg.store.CreateVolumeRequest.class,
            io.wfs.common.msg.store.VolumeInfoReply.class),
    SEAL_VOLUME(305, MessageCategory.META, io.wfs.common.msg.store.SealVolumeRequest.class,
            io.wfs.common.msg.store.VolumeInfoReply.class),
    VOLUME_INFO(306, MessageCategory.META, io.wfs.common.msg.store.VolumeInfoRequest.class,
            io.wfs.common.msg.store.VolumeInfoReply.class),
    LIST_BLOCKS(307, MessageCategory.META, io.wfs.common.msg.store.ListBlocksRequest.class, BlockListReply.class),
    COPY_VOLUME(308, MessageCategory.META, io.wfs.common.msg.store.CopyVolumeRequest.class,
            io.wfs.common.msg.store.VolumeInfoReply.class),
    CHECK_BLOCKS(309, MessageCategory.META, io.wfs.common.msg.store.CheckBlocksRequest.class, BlockListReply.class),
    ;

    private static final MessageType[] BY_ID;
    private static final Map<Class<?>, MessageType> BY_REQUEST_CLASS = new HashMap<>();

    static {
        int max = 0;
        for (MessageType t : values()) {
            max = Math.max(max, t.id);
        }
        BY_ID = new MessageType[max + 1];
        for (MessageType t : values()) {
            if (BY_ID[t.id] != null) {
                throw new ExceptionInInitializerError("duplicate message id " + t.id);
            }
            BY_ID[t.id] = t;
            BY_REQUEST_CLASS.put(t.requestClass, t);
        }
    }

    private final short id;
    private final MessageCategory category;
    private final Class<? extends Request<?>> requestClass;
    private final Class<? extends Response> responseClass;
    private final String metricName;

    <Q extends Request<R>, R extends Response> MessageType(int id, MessageCategory category, Class<Q> requestClass,
                                                           Class<R> responseClass) {
        this.id = (short) id;
        this.category = category;
        this.requestClass = requestClass;
        this.responseClass = responseClass;
        this.metricName = name().toLowerCase(Locale.ROOT);
    }

    public short id() {
        return id;
    }

    public MessageCategory category() {
        return category;
    }

    public Class<? extends Request<?>> requestClass() {
        return requestClass;
    }

    public Class<? extends Response> responseClass() {
        return responseClass;
    }

    /** Lower-case name used in metric names, e.g. {@code rpc.server.echo.latency}. */
    public String metricName() {
        return metricName;
    }

    /** The type with wire id {@code id}, or null when unknown. */
    public static MessageType byId(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /** The type whose request class is {@code c}; throws if {@code c} is not a registered request. */
    public static MessageType ofRequest(Class<?> c) {
        MessageType t = BY_REQUEST_CLASS.get(c);
        if (t == null) {
            throw new IllegalArgumentException(c.getName() + " is not a registered request message");
        }
        return t;
    }
}
