package io.wfs.csi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a restarted node plugin reads back of what the previous one recorded. */
class NodeStateTest {
    @Test
    void stagedVolumesTheirPidAndTargetsSurviveANewInstance(@TempDir Path dir) {
        NodeState before = new NodeState(dir);
        before.staged("pvc-1", Path.of("/var/lib/kubelet/plugins/csi.wfs.io/pvc-1/globalmount"));
        before.pid("pvc-1", 4242);
        before.published("pvc-1", new NodeState.Target(Path.of("/pods/a/mount"), false));
        before.published("pvc-1", new NodeState.Target(Path.of("/pods/b with space/mount"), true));
        before.published("pvc-1", new NodeState.Target(Path.of("/pods/a/mount"), false));

        NodeState after = new NodeState(dir);
        assertEquals(List.of("pvc-1"), after.stagedVolumes());
        assertEquals(Path.of("/var/lib/kubelet/plugins/csi.wfs.io/pvc-1/globalmount"), after.staging("pvc-1"));
        assertEquals(4242, after.pid("pvc-1"));
        assertEquals(Set.of(new NodeState.Target(Path.of("/pods/a/mount"), false),
                new NodeState.Target(Path.of("/pods/b with space/mount"), true)), Set.copyOf(after.targets("pvc-1")));

        after.unpublished("pvc-1", Path.of("/pods/a/mount"));
        assertEquals(1, after.targets("pvc-1").size());
        after.unstaged("pvc-1");
        assertEquals(List.of(), after.stagedVolumes());
        assertNull(after.staging("pvc-1"));
        assertEquals(-1, after.pid("pvc-1"));
        assertEquals(0, after.targets("pvc-1").size(), "unstage forgets targets a forced unmount left recorded");
    }
}
