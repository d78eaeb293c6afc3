package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.Caller;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.posix.Posix;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which refusal a rename across a quota's edge gets, on a real local cluster: EDQUOT when the moved
 * tree cannot fit in the destination's quota (bytes or inodes), EXDEV when it fits, when it is too
 * big to count, when the caller cannot read all of it, and when the destination has no quota. In
 * every case nothing moved. ({@code DirectoryQuotaIT} shows what {@code mv} makes of each.)
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class QuotaEdgeRenameIT {
    private static final Caller USER = new Caller(1000, 1000, new int[0]);
    private static final int COUNT_LIMIT = 50;

    private MiniCluster cluster;
    private WfsClient client;

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().start();
        client = new WfsClient(WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, cluster.managerList())
                .with(ClientConfigKeys.QUOTA_RENAME_COUNT_LIMIT, COUNT_LIMIT), cluster.secret(), new MetricRegistry());
        client.mkdir(Caller.ROOT, "/vol", 0777);
        client.quotas().set(Caller.ROOT, "/vol", 1 << 20, 20);
        client.mkdir(Caller.ROOT, "/vol/deep", 0777);
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        cluster.close();
    }

    private void file(Caller caller, String path, long size) {
        client.mknod(caller, path, Posix.S_IFREG | 0644, 0);
        client.setattr(caller, path, SetAttr.NOTHING.withSize(size));
    }

    private WfsErrorCode renameRefusal(Caller caller, String from, String to) {
        WfsException refused = assertThrows(WfsException.class, () -> client.rename(caller, from, to, 0));
        assertDoesNotThrow(() -> client.getattr(Caller.ROOT, from), "nothing moved");
        return refused.code();
    }

    @Test
    void aTreeThatCannotFitIsRefusedWithEdquotByBytesOrByInodes() {
        client.mkdir(Caller.ROOT, "/heavy", 0755);
        client.mkdir(Caller.ROOT, "/heavy/sub", 0755);
        file(Caller.ROOT, "/heavy/sub/big", 2 << 20);
        assertEquals(WfsErrorCode.EDQUOT, renameRefusal(Caller.ROOT, "/heavy", "/vol/deep/heavy"));
        file(Caller.ROOT, "/single", 3 << 20);
        assertEquals(WfsErrorCode.EDQUOT, renameRefusal(Caller.ROOT, "/single", "/vol/single"));

        client.mkdir(Caller.ROOT, "/many", 0755);
        for (int i = 0; i < 25; i++) {
            file(Caller.ROOT, "/many/f" + i, 0);
        }
        assertEquals(WfsErrorCode.EDQUOT, renameRefusal(Caller.ROOT, "/many", "/vol/many"), "26 inodes, 18 left");
    }

    @Test
    void aTreeThatFitsIsTooBigToCountOrIsUnreadableGetsExdev() {
        client.mkdir(Caller.ROOT, "/light", 0755);
        file(Caller.ROOT, "/light/small", 1000);
        assertEquals(WfsErrorCode.EXDEV, renameRefusal(Caller.ROOT, "/light", "/vol/light"));

        // Replacing a regular file in the quota frees its bytes: 3/4 MiB over 3/4 MiB fits.
        file(Caller.ROOT, "/vol/replaced", 768 << 10);
        file(Caller.ROOT, "/replacement", 768 << 10);
        assertEquals(WfsErrorCode.EXDEV, renameRefusal(Caller.ROOT, "/replacement", "/vol/replaced"));

        // More inodes than the client counts before it reaches the big file: it cannot tell, so EXDEV,
        // and a copy meets the limit itself. (Counted breadth first: the 60 names, then z.)
        client.quotas().set(Caller.ROOT, "/vol", 1 << 20, 0);
        client.mkdir(Caller.ROOT, "/huge", 0755);
        for (int i = 0; i < COUNT_LIMIT + 10; i++) {
            file(Caller.ROOT, "/huge/f" + i, 0);
        }
        client.mkdir(Caller.ROOT, "/huge/z", 0755);
        file(Caller.ROOT, "/huge/z/big", 2 << 20);
        assertEquals(WfsErrorCode.EXDEV, renameRefusal(Caller.ROOT, "/huge", "/vol/huge"));

        // A user who cannot list a part of the tree: the count fails, EXDEV (the copy will say EACCES).
        client.mkdir(Caller.ROOT, "/home", 0777);
        client.mkdir(USER, "/vol/mine", 0755);
        client.mkdir(USER, "/home/tree", 0755);
        client.mkdir(Caller.ROOT, "/home/tree/closed", 0700);
        file(Caller.ROOT, "/home/tree/closed/big", 2 << 20);
        assertEquals(WfsErrorCode.EXDEV, renameRefusal(USER, "/home/tree", "/vol/mine/tree"));
    }

    @Test
    void leavingAQuotaIsExdevWhateverTheSize() {
        file(Caller.ROOT, "/vol/out", 900 << 10);
        client.mkdir(Caller.ROOT, "/elsewhere", 0755);
        assertEquals(WfsErrorCode.EXDEV, renameRefusal(Caller.ROOT, "/vol/out", "/elsewhere/out"));
        assertTrue(client.quotas().get(Caller.ROOT, "/vol").usedBytes() >= 900 << 10, "still charged where it is");
    }
}
