package io.wfs.meta.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.state.InternalCommand;
import io.wfs.meta.state.MetaCommand;
import io.wfs.meta.state.MetaStateMachine;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Drives a {@link MetaStateMachine} the way its Raft group does: every mutation is encoded as a
 * log command with the leader's clock reading, validated first as the RPC layer would, and
 * applied; queries run against the state. The clock advances 1 ms per command.
 */
public final class MetaTester {
    public static final long ROOT = InodeNumbers.ROOT;

    private final MetaStateMachine machine;
    private long clockNs = 1_700_000_000_000_000_000L;
    private long index;
    private MetaHeader header = MetaHeader.root();

    public MetaTester(int... slots) {
        machine = new MetaStateMachine(slots.length == 0 ? allSlots() : slots);
        // This replica leads from the start, with no re-announce window (no earlier leader).
        machine.setWallClock(() -> clockNs);
        machine.setReannounceWindow(java.time.Duration.ZERO);
        machine.onLeaderStart(1);
        machine.apply(ByteBuffer.wrap(MetaCommand.encode(InternalCommand.CREATE_ROOT, clockNs, new byte[0])), ++index);
        // Let everyone work in the root, as a freshly formatted file system used by tests.
        if (!machine.owns(0)) {
            return;
        }
        as(0, 0).run(new io.wfs.common.msg.meta.SetAttrRequest(h(), ROOT,
                io.wfs.common.msg.meta.SetAttr.NOTHING.withMode(0777)));
    }

    /** A single group owning every slot: mkdir never leaves the group. */
    static int[] allSlots() {
        int[] all = new int[InodeNumbers.SLOT_COUNT];
        java.util.Arrays.setAll(all, i -> i);
        return all;
    }

    /** A tester over a new state machine loaded from a snapshot of this one (same slots, same clock). */
    public MetaTester restoredFromSnapshot() {
        return restoredFromSnapshot(java.time.Duration.ofHours(1));
    }

    /**
     * As {@link #restoredFromSnapshot()}, the copy leading as a new leader would, with a re-announce
     * window of {@code window} from the current clock.
     */
    public MetaTester restoredFromSnapshot(java.time.Duration window) {
        try {
            var bytes = new java.io.ByteArrayOutputStream();
            machine.writeSnapshot(new java.io.DataOutputStream(bytes));
            MetaTester copy = new MetaTester(machine.<int[]>read(ns -> ns.ownedSlots()));
            copy.machine.readSnapshot(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())));
            copy.clockNs = clockNs;
            copy.index = index;
            copy.header = header;
            // The restored replica leads after a leader change: the sessions announce their opens again.
            copy.machine.setReannounceWindow(window);
            copy.machine.onLeaderStart(2);
            return copy;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public MetaStateMachine machine() {
        return machine;
    }

    public long now() {
        return clockNs;
    }

    /** Moves the clock of subsequent mutations forward (lock and lease expiry). */
    public void advance(long ns) {
        clockNs += ns;
    }

    /** Subsequent requests act as this user. */
    public MetaTester as(int uid, int gid, int... groups) {
        header = new MetaHeader(uid, gid, groups);
        return this;
    }

    public MetaHeader h() {
        return header;
    }

    /** Runs a request (mutation through apply, query on the state); errors are thrown as WfsException. */
    @SuppressWarnings("unchecked")
    public <R extends Response> R run(MetaRequest<R> request) {
        request.validate();
        MessageType type = MessageType.ofRequest(request.getClass());
        MetaOperation<?, ?> op = machine.operations().of(type);
        try {
            if (!op.mutates()) {
                return (R) machine.query(op, request);
            }
            clockNs += 1_000_000;
            Object result = machine.apply(ByteBuffer.wrap(MetaCommand.encode(type, clockNs, request)), ++index);
            if (result instanceof WfsException e) {
                throw e;
            }
            return (R) result;
        } finally {
            releaseOrphans();
        }
    }

    /**
     * What the leader's housekeeping does every 200 ms (MetaGroupReplica.releaseOrphans): the
     * orphans nobody holds open any more are deleted, through the log.
     */
    public int releaseOrphans() {
        var batch = machine.releasableOrphans(ReleaseOrphansOp.MAX_PER_ENTRY);
        if (batch.isEmpty()) {
            return 0;
        }
        clockNs += 1_000_000;
        return (Integer) machine.apply(ByteBuffer.wrap(MetaCommand.encode(InternalCommand.RELEASE_ORPHANS, clockNs,
                ReleaseOrphansOp.body(batch))), ++index);
    }

    /** Asserts that the request is refused with {@code code}. */
    public void fails(WfsErrorCode code, MetaRequest<?> request) {
        try {
            run(request);
            fail("expected " + code + " from " + request.getClass().getSimpleName());
        } catch (WfsException e) {
            assertEquals(code, e.code(), e.getMessage());
        }
    }

    public static void fails(WfsErrorCode code, Supplier<?> action) {
        try {
            action.get();
            fail("expected " + code);
        } catch (WfsException e) {
            assertEquals(code, e.code(), e.getMessage());
        }
    }

    public static byte[] n(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }

    public InodeAttr mkdir(long parent, String name, int mode) {
        return run(new MkdirRequest(header, parent, n(name), mode)).attr();
    }

    public InodeAttr create(long parent, String name, int mode) {
        return run(new MknodRequest(header, parent, n(name), Posix.S_IFREG | mode, 0)).attr();
    }

    public InodeAttr lookup(long parent, String name) {
        return run(new LookupRequest(header, parent, n(name))).attr();
    }

    public InodeAttr stat(long ino) {
        AttrReply r = run(new GetAttrRequest(header, ino));
        return r.attr();
    }
}
