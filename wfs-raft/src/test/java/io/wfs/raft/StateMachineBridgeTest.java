package io.wfs.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.alipay.sofa.jraft.Iterator;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class StateMachineBridgeTest {

    /** jraft replicates entries from the same buffers it hands to onApply: applying must not consume them. */
    @Test
    void applyingLeavesTheLogEntrysBufferUntouched() {
        ByteBuffer entry = CommandBatch.encode(List.of(new Proposal(KvStateMachine.put("a", "1")),
                new Proposal(KvStateMachine.put("b", "2"))));
        int position = entry.position();
        int remaining = entry.remaining();
        boolean[] consumed = {false};
        Iterator it = (Iterator) Proxy.newProxyInstance(Iterator.class.getClassLoader(), new Class<?>[] {Iterator.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "hasNext" -> !consumed[0];
                    case "getData" -> entry;
                    case "getIndex" -> 7L;
                    case "done" -> null;
                    case "next" -> {
                        consumed[0] = true;
                        yield entry;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        KvStateMachine kv = new KvStateMachine();
        StateMachineBridge bridge = new StateMachineBridge("g", kv);
        bridge.onApply(it);
        assertEquals(2, kv.size());
        assertEquals(position, entry.position(), "the entry's buffer position moved");
        assertEquals(remaining, entry.remaining());
        assertEquals(7, bridge.appliedIndex());
    }
}
