package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.msg.meta.SetLockRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.testing.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Locks held by a client session are released by the cluster once the session stops renewing. */
class SessionLeaseIT {
    @Test
    void aSilentSessionLosesItsLockAfterTheLease() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(3).groups(1).set("meta.session-lease", "3s").start()) {
            MetaClient a = cluster.metaClient();
            MetaClient b = cluster.metaClient();
            long f = a.call(new MknodRequest(a.mutation(0, 0), 1, "f".getBytes(StandardCharsets.UTF_8), Posix.S_IFREG | 0666, 0))
                    .get(30, TimeUnit.SECONDS).attr().ino();
            a.call(new SetLockRequest(a.mutation(0, 0), f, SetLockRequest.POSIX, SetLockRequest.WRITE, 0,
                    SetLockRequest.TO_EOF, 1)).get(30, TimeUnit.SECONDS);
            SetLockRequest wanted = new SetLockRequest(b.mutation(0, 0), f, SetLockRequest.POSIX, SetLockRequest.WRITE, 0, 0, 9);
            ExecutionException e = assertThrows(ExecutionException.class, () -> b.call(wanted).get(30, TimeUnit.SECONDS));
            assertEquals(WfsErrorCode.EAGAIN, WfsException.unwrap(e).code());
            // A goes silent; B renews its own session while waiting for A's lease to run out.
            Await.until(Duration.ofSeconds(20), () -> {
                b.call(new SessionHeartbeatRequest(b.mutation(0, 0), 0)).get(30, TimeUnit.SECONDS);
                try {
                    b.call(new SetLockRequest(b.mutation(0, 0), f, SetLockRequest.POSIX, SetLockRequest.WRITE, 0, 0, 9))
                            .get(30, TimeUnit.SECONDS);
                    return true;
                } catch (ExecutionException busy) {
                    assertEquals(WfsErrorCode.EAGAIN, WfsException.unwrap(busy).code());
                    return false;
                }
            }, "the silent session lost its lock after its lease");
        }
    }
}
