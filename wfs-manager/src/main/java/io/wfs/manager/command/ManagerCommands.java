package io.wfs.manager.command;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/** Log encoding of manager commands: {@code byte type, long leaderTimeMillis, body}. */
public final class ManagerCommands {
    static final byte REGISTER_META_NODE = 1;
    static final byte REGISTER_STORE_NODE = 2;
    static final byte NODE_LIVENESS = 3;
    static final byte CREATE_VOLUME = 4;
    static final byte SET_VOLUME_STATE = 5;
    static final byte SET_GROUP_LEADER = 6;
    static final byte CREATE_META_GROUPS = 7;
    static final byte ASSIGN_CLUSTER_ID = 8;
    static final byte REPLACE_REPLICA = 9;
    static final byte DRAIN_STORE = 10;

    /** A decoded log command and the leader's clock reading that travels with it. */
    public record Decoded(ManagerCommand command, long timeMillis) {
    }

    private ManagerCommands() {
    }

    public static byte[] encode(ManagerCommand command, long timeMillis) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(command.type());
            out.writeLong(timeMillis);
            command.writeBody(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static Decoded decode(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            byte type = in.readByte();
            long time = in.readLong();
            ManagerCommand command = switch (type) {
                case REGISTER_META_NODE -> RegisterMetaNodeCommand.read(in);
                case REGISTER_STORE_NODE -> RegisterStoreNodeCommand.read(in);
                case NODE_LIVENESS -> NodeLivenessCommand.read(in);
                case CREATE_VOLUME -> CreateVolumeCommand.read(in);
                case SET_VOLUME_STATE -> SetVolumeStateCommand.read(in);
                case SET_GROUP_LEADER -> SetGroupLeaderCommand.read(in);
                case CREATE_META_GROUPS -> CreateMetaGroupsCommand.read(in);
                case ASSIGN_CLUSTER_ID -> AssignClusterIdCommand.read(in);
                case REPLACE_REPLICA -> ReplaceReplicaCommand.read(in);
                case DRAIN_STORE -> DrainStoreCommand.read(in);
                default -> throw new IllegalStateException("unknown manager command type " + type);
            };
            return new Decoded(command, time);
        } catch (IOException e) {
            throw new IllegalStateException("corrupt manager command", e);
        }
    }

    static int[] readInts(DataInputStream in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IOException("array of " + n + " exceeds " + max);
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readInt();
        }
        return a;
    }

    static void writeInts(DataOutputStream out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int v : a) {
            out.writeInt(v);
        }
    }
}
