package io.wfs.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.RouteModel;
import io.wfs.manager.command.ManagerCommand;
import io.wfs.manager.command.ManagerCommands;
import io.wfs.manager.placement.PlacementInvariants;
import io.wfs.manager.state.ManagerState;
import io.wfs.manager.state.ManagerStateMachine;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Function;

/**
 * Applies commands to a manager state machine exactly as a replica does — encoded for the log,
 * decoded, applied — and checks the placement invariants after every command.
 */
public final class ManagerTester {
    private final ManagerStateMachine machine;
    private long index;
    private long clock = 1_700_000_000_000L;

    public ManagerTester(int maxLogChanges) {
        machine = new ManagerStateMachine(maxLogChanges);
    }

    public ManagerTester() {
        this(1000);
    }

    public ManagerStateMachine machine() {
        return machine;
    }

    public Object apply(ManagerCommand command) {
        clock += 1000;
        Object result = machine.apply(ByteBuffer.wrap(ManagerCommands.encode(command, clock)), ++index);
        List<String> problems = read(s -> PlacementInvariants.violations(s.model()));
        if (!problems.isEmpty()) {
            fail("placement invariants broken after " + command + ": " + problems);
        }
        return result;
    }

    public int applyInt(ManagerCommand command) {
        Object r = apply(command);
        if (r instanceof WfsException e) {
            throw e;
        }
        return (Integer) r;
    }

    public WfsException refusal(ManagerCommand command, WfsErrorCode code) {
        long before = version();
        WfsException e = assertInstanceOf(WfsException.class, apply(command));
        assertEquals(code, e.code(), e.getMessage());
        assertEquals(before, version(), "a refused command changes nothing");
        return e;
    }

    public <T> T read(Function<ManagerState, T> reader) {
        return machine.read(reader);
    }

    public RouteModel model() {
        return machine.read(ManagerState::model);
    }

    public long version() {
        return machine.routeVersion();
    }
}
