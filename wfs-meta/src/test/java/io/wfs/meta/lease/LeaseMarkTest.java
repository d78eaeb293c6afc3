package io.wfs.meta.lease;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.meta.ops.LeasesGrantedOp;
import io.wfs.meta.state.InternalCommand;
import io.wfs.meta.state.MetaCommand;
import io.wfs.meta.state.MetaStateMachine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The one replicated bit of the leases: set by its log entry on every replica, kept by the snapshot. */
class LeaseMarkTest {
    @Test
    void theMarkIsAppliedEverywhereAndSurvivesASnapshot() throws Exception {
        MetaStateMachine replica = new MetaStateMachine(new int[] {0});
        assertFalse(replica.leaseTracking().mark().granted(), "a new group: no leader ever granted a lease");
        replica.apply(ByteBuffer.wrap(MetaCommand.encode(InternalCommand.LEASES_GRANTED, 1, LeasesGrantedOp.body())), 1);
        assertTrue(replica.leaseTracking().mark().granted());

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        replica.writeSnapshot(new DataOutputStream(bytes));
        MetaStateMachine restarted = new MetaStateMachine(new int[] {0});
        restarted.readSnapshot(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertTrue(restarted.leaseTracking().mark().granted(), "a replica restarted from the snapshot knows it too");

        ByteArrayOutputStream unmarked = new ByteArrayOutputStream();
        new MetaStateMachine(new int[] {0}).writeSnapshot(new DataOutputStream(unmarked));
        restarted.readSnapshot(new DataInputStream(new ByteArrayInputStream(unmarked.toByteArray())));
        assertFalse(restarted.leaseTracking().mark().granted(), "a snapshot without the mark clears it");
    }
}
