package io.wfs.common.rpc.auth;

import io.wfs.common.rpc.wire.WireFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.msg.manager.IssueScopedCredentialRequest;
import io.wfs.common.msg.manager.ScopedCredentialReply;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.rpc.server.ScopedAccess;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.testing.RawConnection;
import io.wfs.common.testing.TestRpc;
import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The handshake of scoped credentials against a real server on loopback. */
class ScopedHandshakeTest {
    private static final long VOLUME_A = (40L << 52) | 3;
    private static final long VOLUME_B = (41L << 52) | 3;

    private final AtomicReference<RequestContext> lastContext = new AtomicReference<>();
    private RpcServer server;

    @BeforeEach
    void start() throws Exception {
        HandlerRegistry handlers = new HandlerRegistry()
                .register(EchoRequest.class, (req, ctx) -> {
                    lastContext.set(ctx);
                    return CompletableFuture.completedFuture(new EchoResponse(req.payload()));
                })
                .register(ClusterStatusRequest.class, (req, ctx) -> CompletableFuture.completedFuture(
                        new ClusterStatusReply()))
                .register(IssueScopedCredentialRequest.class, (req, ctx) -> CompletableFuture.completedFuture(
                        new ScopedCredentialReply(ScopedCredential.issue(TestRpc.SECRET,
                                new Scope(req.rootIno(), req.rootSquash()), req.path()))));
        server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theFullSecretStillWorksAndCarriesNoScope() throws Exception {
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            echo(client);
            assertNull(lastContext.get().scope());
        }
    }

    @Test
    void theRightKeyForItsScopeIsAcceptedAndTheScopeReachesTheHandler() throws Exception {
        Scope scope = new Scope(VOLUME_A, true);
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), ScopedCredential.issue(TestRpc.SECRET, scope, "/a"))) {
            echo(client);
            assertEquals(scope, lastContext.get().scope());
        }
    }

    @Test
    void theKeyOfOneVolumeAnnouncingAnotherIsRefused() {
        byte[] keyOfA = ScopedKeys.derive(TestRpc.SECRET, new Scope(VOLUME_A, false));
        assertAuthFailed(new ScopedCredential(new Scope(VOLUME_B, false), keyOfA, "/b"));
    }

    @Test
    void aKeyWithoutRootSquashAnnouncingItOrTheOtherWayRoundIsRefused() {
        byte[] squashed = ScopedKeys.derive(TestRpc.SECRET, new Scope(VOLUME_A, true));
        assertAuthFailed(new ScopedCredential(new Scope(VOLUME_A, false), squashed, "/a"));
        byte[] plain = ScopedKeys.derive(TestRpc.SECRET, new Scope(VOLUME_A, false));
        assertAuthFailed(new ScopedCredential(new Scope(VOLUME_A, true), plain, "/a"));
    }

    @Test
    void aScopedKeyOfAnotherClusterIsRefused() {
        assertAuthFailed(ScopedCredential.issue(ClusterSecret.of("some-other-cluster-secret-123"),
                new Scope(VOLUME_A, false), "/a"));
    }

    @Test
    void aHelloWithUnknownScopeFlagsIsRefused() throws Exception {
        ClientHello hello = new ClientHello(WireFormat.VERSION, HandshakeProofs.nonce(ClientHello.NONCE_BYTES), "raw",
                new Scope(VOLUME_A, true));
        Field flags = ClientHello.class.getDeclaredField("scopeFlags");
        flags.setAccessible(true);
        flags.setInt(hello, 3);
        try (RawConnection raw = new RawConnection(server.address())) {
            raw.sendFrame(1, MessageType.AUTH_HELLO.id(), 0, MessageCodec.toBytes(hello));
            RawConnection.RawFrame reply = raw.readFrame();
            assertEquals(Frame.FLAG_RESPONSE | Frame.FLAG_ERROR, reply.flags());
            WfsException e = RawConnection.decode(reply.body(), ErrorReply.class).toException();
            assertEquals(WfsErrorCode.AUTH_FAILED, e.code());
            assertTrue(e.getMessage().contains("unknown scope flags"), e.getMessage());
            assertTrue(raw.closedByPeerWithin(5000));
        }
    }

    @Test
    void aScopedConnectionIsAnsweredEaccesForWhatItMayNotSendAndKeepsTheConnection() throws Exception {
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(),
                ScopedCredential.issue(TestRpc.SECRET, new Scope(VOLUME_A, false), "/a"))) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> client.call(server.address(),
                    new IssueScopedCredentialRequest(VOLUME_B, false, "/b")).get(10, TimeUnit.SECONDS));
            assertEquals(WfsErrorCode.EACCES, WfsException.unwrap(e).code());
            assertTrue(e.getCause().getMessage().contains("ISSUE_SCOPED_CREDENTIAL"), e.getCause().getMessage());
            // A topology read is allowed, and the connection is still there for it.
            client.call(server.address(), new ClusterStatusRequest("scoped")).get(10, TimeUnit.SECONDS);
        }
        try (RpcClient admin = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            ScopedCredential issued = admin.call(server.address(), new IssueScopedCredentialRequest(VOLUME_B, true, "/b"))
                    .get(10, TimeUnit.SECONDS).credential();
            assertEquals(new Scope(VOLUME_B, true), issued.scope());
        }
    }

    @Test
    void scopedConnectionsMaySendWhatAMountNeedsAndNoServerOrAdminMessage() {
        for (MessageType t : List.of(MessageType.LOOKUP, MessageType.RENAME, MessageType.OPEN, MessageType.READ_BLOCK,
                MessageType.WRITE_BLOCK, MessageType.FULL_ROUTE, MessageType.LOCATE_VOLUME, MessageType.ANNOUNCE_OPENS, MessageType.GET_QUOTA,
                MessageType.CACHE_LEASE_POLL)) {
            assertTrue(ScopedAccess.allows(t), t + " is needed by a mount");
        }
        for (MessageType t : List.of(MessageType.ISSUE_SCOPED_CREDENTIAL, MessageType.SCAN_INODES, MessageType.REPAIR_INODE,
                MessageType.PENDING_DELETIONS, MessageType.ACK_DELETIONS, MessageType.UNREFERENCED_BLOCKS,
                MessageType.CREATE_LOCKED, MessageType.RENAME_ENTRIES, MessageType.RENAME_LEASE,
                MessageType.REGISTER_STORE_NODE, MessageType.STORE_HEARTBEAT, MessageType.VOLUME_STATE_REPORT,
                MessageType.REPLICATE_BLOCK, MessageType.DELETE_BLOCKS, MessageType.CREATE_VOLUME,
                MessageType.SEAL_VOLUME, MessageType.COPY_VOLUME, MessageType.LIST_BLOCKS, MessageType.VOLUME_INFO,
                MessageType.SET_QUOTA, MessageType.REMOVE_QUOTA, MessageType.LIST_QUOTAS, MessageType.STAT_FS)) {
            assertTrue(!ScopedAccess.allows(t), t + " is not for a scoped mount");
        }
    }

    @Test
    void storesServeAScopedConnectionOnlyTheBlocksOfItsSlot() {
        RequestContext scoped = new RequestContext(null, "mount", false, new Scope(VOLUME_A, false));
        ScopedAccess.checkBlock(scoped, (40L << 52) | 99);
        WfsException e = assertThrows(WfsException.class, () -> ScopedAccess.checkBlock(scoped, (41L << 52) | 99));
        assertEquals(WfsErrorCode.EACCES, e.code());
        assertTrue(e.getMessage().contains("outside"), e.getMessage());
        // The full secret reaches every block.
        ScopedAccess.checkBlock(new RequestContext(null, "server", false), (41L << 52) | 99);
    }

    private void echo(RpcClient client) throws Exception {
        assertEquals(3, client.call(server.address(), new EchoRequest(new byte[3])).get(10, TimeUnit.SECONDS)
                .payload().length);
    }

    /** Refused by the server (which checks the client's proof) and by the client (which checks the server's). */
    private void assertAuthFailed(Credential credential) {
        try (RawConnection raw = new RawConnection(server.address())) {
            RawConnection.RawFrame reply = raw.handshake(credential);
            assertEquals(Frame.FLAG_RESPONSE | Frame.FLAG_ERROR, reply.flags());
            WfsException e = RawConnection.decode(reply.body(), ErrorReply.class).toException();
            assertEquals(WfsErrorCode.AUTH_FAILED, e.code());
            assertTrue(e.getMessage().contains("wrong proof of the key of " + credential.scope()), e.getMessage());
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), credential)) {
            ExecutionException e = assertThrows(ExecutionException.class, () ->
                    client.call(server.address(), new EchoRequest(new byte[1])).get(10, TimeUnit.SECONDS));
            assertEquals(WfsErrorCode.AUTH_FAILED, WfsException.unwrap(e).code());
        }
    }
}
