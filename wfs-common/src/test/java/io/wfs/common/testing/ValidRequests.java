package io.wfs.common.testing;

import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.GetXattrRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.ListXattrRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.ReadlinkRequest;
import io.wfs.common.msg.meta.RemoveXattrRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.msg.meta.XattrLimits;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Request;
import java.util.List;
import java.util.Random;

/**
 * A request of each message type with random but valid fields, so that it passes the server's
 * validation and reaches the handler. Types without an entry fall back to
 * {@link MessageSamples#populate}; a new type whose random sample fails validation makes the
 * round-trip test fail until it gets an entry here.
 */
public final class ValidRequests {
    private ValidRequests() {
    }

    public static Request<?> of(MessageType type, Random r) {
        MetaHeader h = new MetaHeader(r.nextInt(60000), r.nextInt(60000), new int[] {r.nextInt(100)})
                .withSequence(1 + r.nextInt(1000), 2000 + r.nextInt(1000), r.nextInt(1000));
        long ino = 1 + r.nextInt(1 << 30);
        return switch (type) {
            case LOOKUP -> new LookupRequest(h, ino, name(r));
            case GET_ATTR -> new GetAttrRequest(h, ino);
            case SET_ATTR -> new SetAttrRequest(h, ino, new SetAttr(SetAttrRequest.MODE | SetAttrRequest.SIZE, 0644, 1, 2,
                    r.nextInt(1 << 20), 5, 6));
            case MKNOD -> new MknodRequest(h, ino, name(r), Posix.S_IFREG | 0644, 0);
            case MKDIR -> new MkdirRequest(h, ino, name(r), 0755);
            case UNLINK -> new UnlinkRequest(h, ino, name(r));
            case RMDIR -> new RmdirRequest(h, ino, name(r));
            case SYMLINK -> new SymlinkRequest(h, ino, name(r), name(r));
            case READLINK -> new ReadlinkRequest(h, ino);
            case LINK -> new LinkRequest(h, ino, ino + 1, name(r));
            case RENAME -> new RenameRequest(h, ino, name(r), ino + 2, name(r), RenameRequest.NOREPLACE);
            case READDIR -> new ReaddirRequest(h, ino, r.nextInt(100), 1 + r.nextInt(1000), r.nextBoolean());
            case GET_XATTR -> new GetXattrRequest(h, ino, ("user." + r.nextInt()).getBytes());
            case SET_XATTR -> new SetXattrRequest(h, ino, ("user." + r.nextInt()).getBytes(),
                    new byte[r.nextInt(XattrLimits.MAX_VALUE_BYTES)], SetXattrRequest.CREATE);
            case LIST_XATTR -> new ListXattrRequest(h, ino);
            case REMOVE_XATTR -> new RemoveXattrRequest(h, ino, ("user." + r.nextInt()).getBytes());
            case STAT_FS -> new StatFsRequest(h, r.nextInt(4096));
            case ALLOCATE_BLOCK_IDS -> new AllocateBlockIdsRequest(h, ino, 1 + r.nextInt(64));
            case COMMIT_SLICES -> new CommitSlicesRequest(h, ino,
                    List.of(new SliceInfo(0, 4096, 3, 77, 0), new SliceInfo(4096, 100, 4, 78, 4096)), 4196);
            case GET_SLICES -> new GetSlicesRequest(h, ino);
            case CREATE_LOCKED -> new io.wfs.common.msg.meta.CreateLockedRequest(h, r.nextInt(4096), 0755, 1, 2, ino, name(r));
            case LOCK_FOR_REMOVE -> new io.wfs.common.msg.meta.LockForRemoveRequest(h, ino, ino + 1, name(r), r.nextBoolean());
            case RESOLVE_LOCK -> new io.wfs.common.msg.meta.ResolveLockRequest(h, ino, 77, r.nextBoolean());
            case STEP_CHECK -> r.nextBoolean()
                    ? io.wfs.common.msg.meta.StepCheckRequest.receipt(h, ino, name(r), ino + 5, 77)
                    : io.wfs.common.msg.meta.StepCheckRequest.entry(h, ino, name(r), ino + 5, 77);
            case LINK_LOCKED_CHILD -> new io.wfs.common.msg.meta.LinkLockedChildRequest(h, ino, name(r), ino + 9, Posix.S_IFDIR | 0755, 77);
            case UNLINK_LOCKED_CHILD -> new io.wfs.common.msg.meta.UnlinkLockedChildRequest(h, ino, name(r), ino + 9, 1000, 77, r.nextBoolean());
            case OPEN -> new io.wfs.common.msg.meta.OpenRequest(h, ino, r.nextInt(3));
            case CLOSE -> new io.wfs.common.msg.meta.CloseRequest(h, ino);
            case CLOSE_BATCH -> new io.wfs.common.msg.meta.CloseBatchRequest(h, new long[] {ino, ino + 1, ino},
                    new long[] {0, r.nextInt(5), 1});
            case SET_LOCK -> new io.wfs.common.msg.meta.SetLockRequest(h, ino, 1, 2, 10, 20, r.nextLong());
            case GET_LOCK -> new io.wfs.common.msg.meta.GetLockRequest(h, ino, 1, 1, 0, Long.MAX_VALUE, r.nextLong());
            case SESSION_HEARTBEAT -> new io.wfs.common.msg.meta.SessionHeartbeatRequest(h, r.nextInt(4096));
            case ANNOUNCE_OPENS -> new io.wfs.common.msg.meta.AnnounceOpensRequest(h, r.nextInt(4096),
                    new long[] {ino, ino + 1}, new int[] {1, 1 + r.nextInt(5)}, r.nextBoolean());
            case PENDING_DELETIONS -> new io.wfs.common.msg.meta.PendingDeletionsRequest(h, r.nextInt(4096), 1 + r.nextInt(1000));
            case ACK_DELETIONS -> new io.wfs.common.msg.meta.AckDeletionsRequest(h, r.nextInt(4096), new long[] {r.nextLong(), 5});
            case UNREFERENCED_BLOCKS -> new io.wfs.common.msg.meta.UnreferencedBlocksRequest(h, 9, new long[] {(9L << 52) | 1 + r.nextInt(1000)});
            case SCAN_INODES -> new io.wfs.common.msg.meta.ScanInodesRequest(h, r.nextInt(4096), r.nextInt(1000), r.nextInt(100),
                    1 + r.nextInt(4096), 1 + r.nextInt(16384));
            case REPAIR_INODE -> new io.wfs.common.msg.meta.RepairInodeRequest(h, ino);
            case SET_QUOTA -> new io.wfs.common.msg.meta.SetQuotaRequest(h, ino, r.nextInt(1 << 30), r.nextInt(1000));
            case GET_QUOTA -> new io.wfs.common.msg.meta.GetQuotaRequest(h, ino);
            case REMOVE_QUOTA -> new io.wfs.common.msg.meta.RemoveQuotaRequest(h, ino);
            case LIST_QUOTAS -> new io.wfs.common.msg.meta.ListQuotasRequest(h, r.nextInt(4096));
            case CACHE_LEASE_POLL -> new io.wfs.common.msg.meta.CacheLeasePollRequest(h, r.nextInt(4096), r.nextInt(1000));
            case DELEGATE_CREATES -> new io.wfs.common.msg.meta.DelegateCreatesRequest(h, ino);
            case CREATE_BATCH -> new io.wfs.common.msg.meta.CreateBatchRequest(h, ino,
                    new long[] {(ino >>> 52 << 52) | (1 + r.nextInt(1000)), (ino >>> 52 << 52) | 2000},
                    new int[] {Posix.S_IFREG | 0644, Posix.S_IFREG | 0600}, "ab".getBytes(), new int[] {1, 1},
                    new byte[] {1, (byte) r.nextInt(2)});
            case LOCK_FOR_LINK -> new io.wfs.common.msg.meta.LockForLinkRequest(h, ino, ino + 3, name(r));
            case LOCK_FOR_RENAME -> new io.wfs.common.msg.meta.LockForRenameRequest(h, ino, plan(r, ino));
            case RENAME_ENTRIES -> new io.wfs.common.msg.meta.RenameEntriesRequest(h, plan(r, ino), true, r.nextBoolean(),
                    1000, 77, 78);
            case RENAME_LEASE -> new io.wfs.common.msg.meta.RenameLeaseRequest(h, 1 + r.nextInt(1 << 20), r.nextBoolean(),
                    1_000_000_000L);
            case WRITE_BLOCK -> new io.wfs.common.msg.store.WriteBlockRequest(1 + r.nextInt(1000), 1 + r.nextInt(1 << 30),
                    new byte[1 + r.nextInt(8192)]);
            case REPLICATE_BLOCK -> new io.wfs.common.msg.store.ReplicateBlockRequest(1 + r.nextInt(1000), 1 + r.nextInt(1 << 30),
                    new byte[1 + r.nextInt(8192)], r.nextInt(), r.nextBoolean());
            case READ_BLOCK -> new io.wfs.common.msg.store.ReadBlockRequest(1 + r.nextInt(1000), 1 + r.nextInt(1 << 30),
                    r.nextInt(4096), 1 + r.nextInt(4096), r.nextBoolean());
            case DELETE_BLOCKS -> new io.wfs.common.msg.store.DeleteBlocksRequest(r.nextInt(1000), new long[] {1 + r.nextInt(1 << 30), 7});
            case CREATE_VOLUME -> new io.wfs.common.msg.store.CreateVolumeRequest(1 + r.nextInt(1000),
                    new String[] {"127.0.0.1:7001", "127.0.0.1:7002", "127.0.0.1:7003"}, r.nextBoolean());
            case SEAL_VOLUME -> new io.wfs.common.msg.store.SealVolumeRequest(1 + r.nextInt(1000));
            case VOLUME_INFO -> new io.wfs.common.msg.store.VolumeInfoRequest(1 + r.nextInt(1000));
            case LIST_BLOCKS -> new io.wfs.common.msg.store.ListBlocksRequest(1 + r.nextInt(1000), r.nextInt(1 << 30), 1 + r.nextInt(1000));
            case CHECK_BLOCKS -> new io.wfs.common.msg.store.CheckBlocksRequest(1 + r.nextInt(1000), new long[] {1 + r.nextInt(1 << 30), 7});
            case COPY_VOLUME -> new io.wfs.common.msg.store.CopyVolumeRequest(1 + r.nextInt(1000), "127.0.0.1:7001",
                    new String[] {"127.0.0.1:7002", "127.0.0.1:7004"});
            case REGISTER_META_NODE -> new io.wfs.common.msg.manager.RegisterMetaNodeRequest("10.0.0." + r.nextInt(250) + ":7000",
                    "10.0.0.1:" + (1 + r.nextInt(65000)));
            case REGISTER_STORE_NODE -> new io.wfs.common.msg.manager.RegisterStoreNodeRequest("store-" + r.nextInt(1000) + ":7100",
                    1 + r.nextInt(12), 1L << 40, r.nextInt(1 << 30));
            case META_HEARTBEAT -> new io.wfs.common.msg.manager.MetaHeartbeatRequest(1 + r.nextInt(100), r.nextInt(1000),
                    new int[] {r.nextInt(100), r.nextInt(100)});
            case STORE_HEARTBEAT -> new io.wfs.common.msg.manager.StoreHeartbeatRequest(1 + r.nextInt(100), r.nextInt(1000),
                    r.nextInt(1 << 30), new int[] {1 + r.nextInt(1000), 2000}, new long[] {r.nextInt(1 << 30), 0});
            case DRAIN_STORE -> new io.wfs.common.msg.manager.DrainStoreRequest(1 + r.nextInt(1 << 20), r.nextBoolean());
            case ISSUE_SCOPED_CREDENTIAL -> new io.wfs.common.msg.manager.IssueScopedCredentialRequest(2 + r.nextInt(1 << 30),
                    r.nextBoolean(), "/volumes/pvc-" + r.nextInt(1000));
            case BOOT_ROUTE -> new io.wfs.common.msg.manager.BootRouteRequest("client-" + r.nextInt(100));
            case FULL_ROUTE -> new io.wfs.common.msg.manager.FullRouteRequest("client-" + r.nextInt(100));
            case ROUTE_DELTA -> new io.wfs.common.msg.manager.RouteDeltaRequest(r.nextInt(1 << 20));
            case CLUSTER_STATUS -> new io.wfs.common.msg.manager.ClusterStatusRequest("wfs-status");
            case VOLUME_STATE_REPORT -> new io.wfs.common.msg.manager.VolumeStateReportRequest(1 + r.nextInt(100), r.nextInt(1000),
                    1 + r.nextInt(1000), r.nextBoolean() ? io.wfs.common.route.VolumeState.SEALED
                    : io.wfs.common.route.VolumeState.READ_ONLY, "disk error " + r.nextInt(10));
            case LOCATE_VOLUME -> new io.wfs.common.msg.manager.LocateVolumeRequest(r.nextInt(1000), 1 + r.nextInt(1000));
            default -> (Request<?>) MessageSamples.populate(type.requestClass(), r);
        };
    }

    private static io.wfs.common.msg.meta.RenamePlan plan(Random r, long moved) {
        io.wfs.common.msg.meta.MetaHeader client = io.wfs.common.msg.meta.MetaHeader.root()
                .withSequence(1 + r.nextInt(1000), 1 + r.nextInt(1000), 0);
        io.wfs.common.msg.meta.RenameRequest request = new io.wfs.common.msg.meta.RenameRequest(client, moved + 1, name(r),
                moved + 2, name(r), r.nextBoolean() ? io.wfs.common.msg.meta.RenameRequest.EXCHANGE : 0);
        return new io.wfs.common.msg.meta.RenamePlan(request, moved, Posix.S_IFDIR | 0755, moved + 3, Posix.S_IFREG | 0644);
    }

    private static byte[] name(Random r) {
        byte[] b = new byte[1 + r.nextInt(255)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) ('a' + r.nextInt(26));
        }
        return b;
    }
}
