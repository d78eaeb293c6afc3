package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.Caller;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.client.data.Rpc;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.LocateVolumeRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetQuotaRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.MetaClient;
import io.wfs.common.rpc.HostPort;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.Credential;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.auth.ScopedCredential;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.fuse.WfsMount;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Tenants cannot reach each other (issue 20 item 3): two volumes (quota directories) of a local
 * cluster, a real FUSE mount of volume A with a root-squashing credential the manager issued, and
 * a client holding A's credential that forges requests by inode number. Nothing of volume B, nor
 * anything above A, can be read, listed or changed; what A's mount may do, it does; root acts as
 * nobody.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(180)
class ScopedMountIT {
    private static final Caller ROOT = Caller.ROOT;

    private MiniCluster cluster;
    private Path whole;
    private WfsClient admin;
    private Path scoped;
    private WfsClient forger;
    private ScopedCredential plainA;
    private long volumes;
    private long a;
    private long b;
    private long aFile;
    private long bFile;

    @BeforeAll
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().mounts(1).start();
        whole = cluster.mountPoint(0);
        admin = cluster.mountClient(0);
        // As the CSI driver marks its volumes root: volumes spread over the groups, whichever mount makes them.
        AsyncMkdirIT.setxattr(Files.createDirectories(whole.resolve("volumes")), io.wfs.common.posix.DirectorySpread.NAME,
                io.wfs.common.posix.DirectorySpread.ON);
        Files.createDirectories(whole.resolve("volumes/a"));
        Files.createDirectories(whole.resolve("volumes/b"));
        volumes = admin.getattr(ROOT, "/volumes").ino();
        a = admin.getattr(ROOT, "/volumes/a").ino();
        b = admin.getattr(ROOT, "/volumes/b").ino();
        // CSI volumes are quota directories; a quota without limits is one too.
        for (long dir : new long[] {a, b}) {
            MetaClient meta = admin.metaClient();
            Rpc.await(meta.call(new SetQuotaRequest(meta.mutation(0, 0), dir, 0, 0)));
        }
        Files.setPosixFilePermissions(whole.resolve("volumes/a"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.writeString(whole.resolve("volumes/a/mine.txt"), "mine");
        Files.writeString(whole.resolve("volumes/a/root-only.txt"), "root's");
        Files.setPosixFilePermissions(whole.resolve("volumes/a/root-only.txt"), PosixFilePermissions.fromString("rw-------"));
        Files.createDirectories(whole.resolve("volumes/b/dir"));
        Files.writeString(whole.resolve("volumes/b/secret.txt"), "not yours");
        Files.setPosixFilePermissions(whole.resolve("volumes/b/secret.txt"), PosixFilePermissions.fromString("rw-rw-rw-"));
        aFile = admin.getattr(ROOT, "/volumes/a/mine.txt").ino();
        bFile = admin.getattr(ROOT, "/volumes/b/secret.txt").ino();

        // wfs credential issue: the manager issues it to a holder of the cluster secret, a file carries it to the mount.
        Path file = cluster.dir().resolve("volume-a.credential");
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cli = io.wfs.cli.WfsCommand.newCommandLine();
        cli.setOut(new java.io.PrintWriter(out, true));
        assertEquals(0, cli.execute("credential", "issue", "--manager", cluster.managerList().split(",")[0],
                "--secret-file", cluster.localCluster().secretFile().toString(), "--path", "/volumes/a", "--root-squash",
                "-o", file.toString()), out.toString());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        ScopedCredential squashedA = ScopedCredential.load(file);
        assertEquals(new Scope(a, true), squashedA.scope());
        assertEquals("/volumes/a", squashedA.path());
        scoped = cluster.mountPoint(cluster.mountScoped(squashedA));
        plainA = admin.credentials().issue("/volumes/a", false);
        forger = client(plainA, "/");
    }

    @AfterAll
    void stop() throws Exception {
        if (forger != null) {
            forger.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        assertFalse(WfsMount.isMounted(whole) || (scoped != null && WfsMount.isMounted(scoped)), "a mount was left behind");
    }

    @Test
    void theScopedMountReadsListsAndWritesItsOwnVolume() throws Exception {
        Set<String> names = names(scoped);
        assertTrue(names.containsAll(List.of("mine.txt", "root-only.txt")), names.toString());
        assertFalse(names.contains("secret.txt") || names.contains("a") || names.contains("volumes"), names.toString());
        assertEquals("mine", Files.readString(scoped.resolve("mine.txt")));
        Files.createDirectories(scoped.resolve("pod/data"));
        Files.writeString(scoped.resolve("pod/data/written.txt"), "from the pod");
        assertEquals("from the pod", Files.readString(whole.resolve("volumes/a/pod/data/written.txt")));
        Files.move(scoped.resolve("pod/data/written.txt"), scoped.resolve("renamed.txt"));
        assertEquals("from the pod", Files.readString(whole.resolve("volumes/a/renamed.txt")));
        assertEquals(a, Files.getAttribute(scoped, "unix:ino"), "the mount's root is the volume (use_ino)");
    }

    @Test
    void rootInTheScopedMountActsAsNobody() throws Exception {
        Files.writeString(scoped.resolve("by-root.txt"), "who owns me");
        assertEquals(Scope.NOBODY, Files.getAttribute(whole.resolve("volumes/a/by-root.txt"), "unix:uid"));
        assertEquals(Scope.NOBODY, Files.getAttribute(whole.resolve("volumes/a/by-root.txt"), "unix:gid"));
        assertThrows(AccessDeniedException.class, () -> Files.readString(scoped.resolve("root-only.txt")));
        assertThrows(FileSystemException.class, () -> Files.setPosixFilePermissions(scoped.resolve("root-only.txt"),
                PosixFilePermissions.fromString("rw-rw-rw-")));
        assertEquals("rw-------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(whole.resolve("volumes/a/root-only.txt"))));
        assertEquals("root's", Files.readString(whole.resolve("volumes/a/root-only.txt")), "the whole mount is root");
    }

    @Test
    void noPathOfTheScopedClientLeavesTheVolume() {
        WfsClient viaPath = client(plainA, "/");
        try {
            assertEquals(a, viaPath.rootIno());
            assertEquals(a, viaPath.getattr(ROOT, "/..").ino());
            WfsException e = assertThrows(WfsException.class, () -> viaPath.getattr(ROOT, "/../b/secret.txt"));
            assertEquals(WfsErrorCode.ENOENT, e.code());
            // ".." at the root stays at the root: "/../b" is "/b" of volume A, which has no "b".
            e = assertThrows(WfsException.class, () -> viaPath.rename(ROOT, "/mine.txt", "/../b/stolen.txt", 0));
            assertEquals(WfsErrorCode.ENOENT, e.code(), e.getMessage());
            assertFalse(Files.exists(whole.resolve("volumes/b/stolen.txt")));
        } finally {
            viaPath.close();
        }
    }

    @Test
    void forgedInodeNumbersOfTheSiblingOrAboveAreRefusedAndChangeNothing() throws Exception {
        MetaClient meta = forger.metaClient();
        List<MetaRequest<?>> forged = List.of(
                new GetAttrRequest(meta.query(0, 0), b),
                new GetAttrRequest(meta.query(0, 0), bFile),
                new LookupRequest(meta.query(0, 0), b, bytes("secret.txt")),
                new ReaddirRequest(meta.query(0, 0), b, 0, 100, true),
                new GetSlicesRequest(meta.query(0, 0), bFile),
                new OpenRequest(meta.mutation(0, 0), bFile, 0),
                new SetAttrRequest(meta.mutation(0, 0), bFile, SetAttr.NOTHING.withMode(0777)),
                new SetXattrRequest(meta.mutation(0, 0), bFile, bytes("user.planted"), new byte[1], 0),
                new UnlinkRequest(meta.mutation(0, 0), b, bytes("secret.txt")),
                new MkdirRequest(meta.mutation(0, 0), b, bytes("planted"), 0777),
                new RenameRequest(meta.mutation(0, 0), b, bytes("secret.txt"), a, bytes("stolen.txt"), 0),
                new RenameRequest(meta.mutation(0, 0), a, bytes("mine.txt"), b, bytes("given.txt"), 0),
                new LinkRequest(meta.mutation(0, 0), bFile, a, bytes("stolen-link.txt")),
                new GetAttrRequest(meta.query(0, 0), 1),
                new LookupRequest(meta.query(0, 0), 1, bytes("volumes")),
                new ReaddirRequest(meta.query(0, 0), volumes, 0, 100, false),
                new UnlinkRequest(meta.mutation(0, 0), volumes, bytes("b")),
                new SetQuotaRequest(meta.mutation(0, 0), a, 1L << 40, 0),
                new ScanInodesRequest(meta.query(0, 0), (int) (b >>> 52), 0, 0, 100, 1 << 16));
        for (MetaRequest<?> request : forged) {
            WfsException e = assertThrows(WfsException.class, () -> Rpc.await(meta.call(request)),
                    request.getClass().getSimpleName() + " must be refused");
            assertEquals(WfsErrorCode.EACCES, e.code(), request.getClass().getSimpleName() + ": " + e.getMessage());
        }
        // The same client reaches its own volume by number.
        assertEquals(aFile, Rpc.await(meta.call(new GetAttrRequest(meta.query(0, 0), aFile))).attr().ino());
        assertEquals("not yours", Files.readString(whole.resolve("volumes/b/secret.txt")));
        assertEquals("rw-rw-rw-", PosixFilePermissions.toString(Files.getPosixFilePermissions(whole.resolve("volumes/b/secret.txt"))));
        assertEquals(Set.of("dir", "secret.txt"), names(whole.resolve("volumes/b")));
        assertTrue(Files.exists(whole.resolve("volumes/a/mine.txt")));
        assertFalse(Files.exists(whole.resolve("volumes/a/stolen.txt")) || Files.exists(whole.resolve("volumes/a/stolen-link.txt")));
    }

    @Test
    void theManagerAndTheStoresRefuseWhatAScopedMountMayNotAsk() throws Exception {
        WfsException e = assertThrows(WfsException.class, () -> forger.credentials().issue(b, false, "/volumes/b"));
        assertEquals(WfsErrorCode.EACCES, e.code(), e.getMessage());

        SliceInfo bBlock = Rpc.await(admin.metaClient().call(new GetSlicesRequest(admin.metaClient().query(0, 0), bFile)))
                .slices().get(0);
        SliceInfo aBlock = Rpc.await(admin.metaClient().call(new GetSlicesRequest(admin.metaClient().query(0, 0), aFile)))
                .slices().get(0);
        assertNotEquals(a >>> 52, b >>> 52, "the two volumes live in different slots on this fresh cluster");
        try (RpcClient scopedRpc = rpc(plainA); RpcClient fullRpc = rpc(cluster.secret())) {
            ManagerClient managers = new ManagerClient(scopedRpc, List.of(cluster.managerList().split(",")), Duration.ofSeconds(20));
            String store = managers.call(new LocateVolumeRequest(0, bBlock.volume())).replicaAddresses().get(0);
            ReadBlockRequest readB = new ReadBlockRequest(bBlock.volume(), bBlock.blockId(), 0, 9, false);
            e = assertThrows(WfsException.class, () -> Rpc.await(scopedRpc.call(HostPort.parse(store), readB)));
            assertEquals(WfsErrorCode.EACCES, e.code(), e.getMessage());
            // The same read with the cluster secret works: only the scope refused it.
            assertEquals("not yours", new String(fullRpc.call(HostPort.parse(store), readB).get(20, TimeUnit.SECONDS).data(),
                    StandardCharsets.UTF_8));
            String aStore = managers.call(new LocateVolumeRequest(0, aBlock.volume())).replicaAddresses().get(0);
            assertEquals("mine", new String(scopedRpc.call(HostPort.parse(aStore),
                    new ReadBlockRequest(aBlock.volume(), aBlock.blockId(), 0, 4, false)).get(20, TimeUnit.SECONDS).data(),
                    StandardCharsets.UTF_8));
        }
    }

    @Test
    void aTamperedCredentialANonQuotaRootOrAnotherPathIsRefused() throws Exception {
        // A's key with B's root (a credential file edited by hand): the handshake fails.
        ScopedCredential tampered = new ScopedCredential(new Scope(b, false), plainA.key(), "/volumes/b");
        WfsException e = assertThrows(WfsException.class, () -> client(tampered, "/").close());
        assertEquals(WfsErrorCode.AUTH_FAILED, e.code(), e.getMessage());
        // A's key without root squash announced as squashing, and the other way round.
        ScopedCredential flags = new ScopedCredential(new Scope(a, true), plainA.key(), "/volumes/a");
        e = assertThrows(WfsException.class, () -> client(flags, "/").close());
        assertEquals(WfsErrorCode.AUTH_FAILED, e.code(), e.getMessage());
        // A genuine credential for a directory that is no quota directory reaches nothing, not even its root.
        WfsClient notAVolume = client(admin.credentials().issue("/volumes", false), "/");
        try {
            e = assertThrows(WfsException.class, () -> notAVolume.getattr(ROOT, "/"));
            assertEquals(WfsErrorCode.EACCES, e.code(), e.getMessage());
        } finally {
            notAVolume.close();
        }
        IllegalArgumentException wrongPath = assertThrows(IllegalArgumentException.class, () -> client(plainA, "/volumes/b"));
        assertTrue(wrongPath.getMessage().contains("/volumes/a"), wrongPath.getMessage());
        client(plainA, "/volumes/a/").close();
    }

    private WfsClient client(Credential credential, String subdir) {
        WfsConfig config = WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, cluster.managerList())
                .with(ClientConfigKeys.SUBDIR, subdir);
        return new WfsClient(config, credential, new MetricRegistry());
    }

    private static RpcClient rpc(Credential credential) {
        return new RpcClient("scoped-it", RpcOptions.from(WfsConfig.defaults()), credential, new MetricRegistry());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Set<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
