package io.wfs.common.testing.fuzz;

import io.wfs.common.rpc.wire.WireFormat;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.testing.RawConnection;
import io.wfs.common.testing.fuzz.FrameMutator.Kind;
import io.wfs.common.testing.fuzz.FrameMutator.Mutation;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Random;

/**
 * Sends bad frames to one live server for a while, over real sockets, the way a broken or hostile
 * peer would. {@link #authenticated} completes a valid handshake and then sends mutated frames of
 * every message type, reconnecting whenever the server closes (as it must on a framing error);
 * {@link #unauthenticated} never authenticates: garbage before the handshake, requests without
 * it, a wrong secret, mutated hellos. Everything derives from one seed, so a failing run replays
 * with {@code -Dwfs.fuzz.seed=} (and the same duration). The checks here are the server's side of
 * the protocol (a valid handshake always succeeds, a frame announcing a huge body is refused at
 * once); the caller checks the server afterwards.
 */
public final class FrameFuzzer {
    /** Seed of a run: {@code -Dwfs.fuzz.seed}, else fixed so CI runs are repeatable. */
    public static final long SEED = Long.getLong("wfs.fuzz.seed", 19_04L);
    /** Valid handshakes the server may cut (a connection reset under load) before a run fails. */
    public static final int MAX_HANDSHAKES_CUT = 3;
    /** How long the fuzz tests run per server: {@code -Dwfs.fuzz.seconds} (longer runs locally). */
    public static final int SECONDS = Integer.getInteger("wfs.fuzz.seconds", 0);
    private static final int REPLY_WAIT_MILLIS = 2000;
    private static final int REFUSAL_WAIT_MILLIS = 5000;

    private final InetSocketAddress server;
    private final ClusterSecret secret;
    private final long seed;
    private final Random r;
    private final FrameMutator mutator;
    private final FuzzStats stats = new FuzzStats();
    private RawConnection.RawFrame lastReply;

    public FrameFuzzer(InetSocketAddress server, ClusterSecret secret, long seed) {
        this.server = server;
        this.secret = secret;
        this.seed = seed;
        this.r = new Random(seed);
        this.mutator = new FrameMutator(r);
    }

    /** The fuzz run length: {@code -Dwfs.fuzz.seconds} if set, else {@code byDefault}. */
    public static Duration budget(Duration byDefault) {
        return SECONDS > 0 ? Duration.ofSeconds(SECONDS) : byDefault;
    }

    public FuzzStats stats() {
        return stats;
    }

    /** What to put in a failure message so the run can be replayed. */
    public String replay() {
        return "fuzz seed " + seed + " against " + server + " (replay: -Dwfs.fuzz.seed=" + seed + "); so far " + stats;
    }

    /** Mutated frames after a valid handshake, until {@code budget} has passed. */
    public FuzzStats authenticated(Duration budget) throws IOException {
        long deadline = System.nanoTime() + budget.toNanos();
        while (System.nanoTime() < deadline) {
            RawConnection accepted = handshaken();
            if (accepted == null) {
                continue;
            }
            try (RawConnection c = accepted) {
                stats.connections++;
                while (System.nanoTime() < deadline && sendAndObserve(c, mutator.next())) {
                    // keep going on this connection while the server keeps it open
                }
            }
        }
        return stats;
    }

    /**
     * A connection with a valid handshake done, or null when the server cut it (at the connect or
     * in the handshake: an I/O error, not a refusal). With three fuzzers and another test on two
     * cores this happened once (the suite's run on a7bf931): counted and tolerated
     * {@link #MAX_HANDSHAKES_CUT} times, as a client would reconnect; a refusal, or more cuts, fail the run.
     */
    private RawConnection handshaken() throws IOException {
        RawConnection c = null;
        try {
            c = new RawConnection(server);
            RawConnection.RawFrame reply = c.handshake(secret);
            check(reply.flags() == Frame.FLAG_RESPONSE, "a valid handshake was refused");
            RawConnection done = c;
            c = null;
            return done;
        } catch (IOException e) {
            stats.handshakeCut(e);
            check(stats.handshakesCut() <= MAX_HANDSHAKES_CUT, "valid handshakes cut by the server");
            return null;
        } finally {
            if (c != null) {
                c.close();
            }
        }
    }

    /** Bad input from a peer that never authenticates, until {@code budget} has passed. */
    public FuzzStats unauthenticated(Duration budget) throws IOException {
        long deadline = System.nanoTime() + budget.toNanos();
        while (System.nanoTime() < deadline) {
            try (RawConnection c = new RawConnection(server)) {
                stats.connections++;
                switch (r.nextInt(5)) {
                    case 0 -> sendAndObserve(c, mutator.next(Kind.GARBAGE, MessageType.AUTH_HELLO));
                    case 1 -> requestsWithoutHandshake(c);
                    case 2 -> wrongSecretThenRequests(c);
                    case 3 -> sendAndObserve(c, mutator.next(Kind.HUGE_LENGTH, r.nextBoolean() ? MessageType.AUTH_HELLO
                            : MessageType.AUTH_PROOF));
                    default -> sendAndObserve(c, mutatedHello());
                }
            }
        }
        return stats;
    }

    private void requestsWithoutHandshake(RawConnection c) throws IOException {
        while (sendAndObserve(c, mutator.next(Kind.RANDOM_FIELDS, randomRequestType()))) {
            if ((lastReply.flags() & Frame.FLAG_ERROR) == 0) {
                stats.unauthenticatedServed++; // the caller asserts there are none
            }
        }
    }

    private void wrongSecretThenRequests(RawConnection c) throws IOException {
        try {
            c.setReadTimeout(REPLY_WAIT_MILLIS);
            RawConnection.RawFrame reply = c.handshake(ClusterSecret.of("not-the-cluster-secret-" + r.nextLong()));
            check((reply.flags() & Frame.FLAG_ERROR) != 0, "a handshake with a wrong secret was accepted");
        } catch (IOException closed) {
            stats.closedByServer++;
            return;
        }
        requestsWithoutHandshake(c);
    }

    private Mutation mutatedHello() {
        byte[] body = MessageCodec.toBytes(new ClientHello(WireFormat.VERSION, mutator.randomBytes(ClientHello.NONCE_BYTES), "fuzz"));
        body[r.nextInt(body.length)] ^= (byte) (1 << r.nextInt(8));
        return new Mutation(Kind.BYTE_FLIP, MessageType.AUTH_HELLO,
                mutator.header(Frame.HEADER_BYTES + body.length, MessageType.AUTH_HELLO.id(), 0, body), false);
    }

    private MessageType randomRequestType() {
        MessageType[] all = MessageType.values();
        MessageType t;
        do {
            t = all[r.nextInt(all.length)];
        } while (t == MessageType.AUTH_HELLO || t == MessageType.AUTH_PROOF);
        return t;
    }

    /**
     * Sends one mutation and waits for the server's answer or its close; returns whether the
     * connection is still usable. A frame announcing a huge body must be refused (the connection
     * closed) at once, not waited on.
     */
    private boolean sendAndObserve(RawConnection c, Mutation m) throws IOException {
        stats.sent(m.kind());
        try {
            c.sendBytes(m.wire());
        } catch (IOException closedEarlier) {
            stats.closedByServer++;
            return false;
        }
        if (m.kind() == Kind.HUGE_LENGTH) {
            check(c.closedByPeerWithin(REFUSAL_WAIT_MILLIS), "a frame announcing "
                    + java.nio.ByteBuffer.wrap(m.wire()).getInt() + " bytes was not refused within " + REFUSAL_WAIT_MILLIS + " ms");
            stats.closedByServer++;
            return false;
        }
        if (m.hangUp()) {
            return false; // the caller's close cuts the frame; the server must count it as truncated
        }
        try {
            c.setReadTimeout(REPLY_WAIT_MILLIS);
            lastReply = c.readFrame();
            stats.answered++;
            if ((lastReply.flags() & Frame.FLAG_ERROR) != 0) {
                ErrorReply error = RawConnection.decode(lastReply.body(), ErrorReply.class);
                stats.errorAnswer(error.toException().code().name());
                if (error.toException().code() == WfsErrorCode.INTERNAL) {
                    stats.internalError(MessageType.byId(lastReply.type()), error.toException().getMessage());
                }
            }
            return true;
        } catch (SocketTimeoutException e) {
            stats.unanswered++;
            return false; // a handler still busy, or a frame the server still waits on: start afresh
        } catch (IOException e) {
            stats.closedByServer++;
            return false;
        }
    }

    private void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what + "; " + replay());
        }
    }
}
