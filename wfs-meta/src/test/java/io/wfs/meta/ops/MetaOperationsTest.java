package io.wfs.meta.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.state.InternalCommand;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one registry knows a class for every metadata message type and every internal command. */
class MetaOperationsTest {
    private final MetaOperations registry = new MetaOperations();

    private static boolean isMetaRequest(MessageType type) {
        return MetaRequest.class.isAssignableFrom(type.requestClass())
                || type.requestClass().getPackageName().equals(MetaRequest.class.getPackageName());
    }

    @Test
    void everyMetaMessageTypeHasItsClass() {
        List<MessageType> missing = new ArrayList<>();
        for (MessageType type : MessageType.values()) {
            if (!isMetaRequest(type)) {
                continue;
            }
            MetaOperation<?, ?> op = registry.of(type);
            if (op == null) {
                missing.add(type);
            } else {
                assertEquals(type, op.type(), op.getClass().getSimpleName() + " is registered under another type");
            }
        }
        assertEquals(List.of(), missing, "meta message types without a class in MetaOperations");
    }

    @Test
    void onlyMetaMessageTypesAreRegistered() {
        for (MetaOperation<?, ?> op : registry.all()) {
            assertTrue(isMetaRequest(op.type()), op.type() + " is not a metadata request");
        }
    }

    @Test
    void everyInternalCommandHasItsClass() throws IllegalAccessException {
        int commands = 0;
        for (Field f : InternalCommand.class.getDeclaredFields()) {
            if (f.getType() != short.class || !Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            short command = f.getShort(null);
            InternalOperation op = registry.internal(command);
            assertTrue(op != null, "internal command " + f.getName() + " has no class in MetaOperations");
            assertEquals(command, op.command(), op.getClass().getSimpleName());
            commands++;
        }
        int registered = 0;
        for (InternalOperation ignored : registry.allInternal()) {
            registered++;
        }
        assertEquals(commands, registered, "an internal operation without an InternalCommand id");
    }
}
