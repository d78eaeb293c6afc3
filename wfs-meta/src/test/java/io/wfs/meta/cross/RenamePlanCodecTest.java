package io.wfs.meta.cross;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.msg.meta.RenameRequest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A rename intent's plan in a snapshot: the client's request and what the leader resolved, back as they were. */
class RenamePlanCodecTest {
    @Test
    void aPlanComesBackWithItsClientsRequest() throws IOException {
        RenameRequest request = new RenameRequest(MetaHeader.root().withSequence(7, 9, 3), 11,
                "a".getBytes(StandardCharsets.UTF_8), 12, "b".getBytes(StandardCharsets.UTF_8), RenameRequest.EXCHANGE);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RenamePlanCodec.write(new RenamePlan(request, 21, 040755, 22, 0100644), new DataOutputStream(bytes));
        RenamePlan back = RenamePlanCodec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(11, back.srcParent());
        assertArrayEquals("b".getBytes(StandardCharsets.UTF_8), back.dstName());
        assertTrue(back.exchange());
        assertEquals(7, back.session());
        assertEquals(9, back.seq());
        assertEquals(22, back.replaced());
        assertEquals(0100644, back.replacedMode());
    }

    @Test
    void aRequestLengthOutOfBoundsIsACorruptSnapshot() {
        for (int length : new int[] {-1, Integer.MAX_VALUE}) {
            byte[] corrupt = {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length};
            IOException e = assertThrows(IOException.class,
                    () -> RenamePlanCodec.read(new DataInputStream(new ByteArrayInputStream(corrupt))));
            assertTrue(e.getMessage().contains(length + " bytes"), e.getMessage());
        }
    }
}
