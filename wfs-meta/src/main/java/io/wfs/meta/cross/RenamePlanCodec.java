package io.wfs.meta.cross;

import io.wfs.common.msg.meta.RenamePlan;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/** The snapshot encoding of a rename intent's plan. */
final class RenamePlanCodec {
    private RenamePlanCodec() {
    }

    static void write(RenamePlan p, DataOutputStream out) throws IOException {
        out.writeLong(p.srcParent());
        writeName(p.srcName(), out);
        out.writeLong(p.dstParent());
        writeName(p.dstName(), out);
        out.writeLong(p.moved());
        out.writeInt(p.movedMode());
        out.writeLong(p.replaced());
        out.writeInt(p.replacedMode());
        out.writeBoolean(p.exchange());
        out.writeLong(p.session());
        out.writeLong(p.seq());
    }

    static RenamePlan read(DataInputStream in) throws IOException {
        long srcParent = in.readLong();
        byte[] srcName = readName(in);
        long dstParent = in.readLong();
        byte[] dstName = readName(in);
        return new RenamePlan(srcParent, srcName, dstParent, dstName, in.readLong(), in.readInt(), in.readLong(),
                in.readInt(), in.readBoolean(), in.readLong(), in.readLong());
    }

    private static void writeName(byte[] name, DataOutputStream out) throws IOException {
        out.writeShort(name.length);
        out.write(name);
    }

    private static byte[] readName(DataInputStream in) throws IOException {
        byte[] name = new byte[in.readUnsignedShort()];
        in.readFully(name);
        return name;
    }
}
