package io.wfs.fuse;

import io.wfs.client.Caller;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import ru.serce.jnrfuse.struct.FuseContext;

/**
 * The caller of a FUSE request as the metadata servers must see it: uid and gid from the FUSE
 * context, supplementary groups from /proc/PID/status (the context has none), cached per pid for a
 * second because a process's groups rarely change and one file read per call would cost more
 * than the call.
 */
final class FuseCallers {
    private static final long TTL_NS = 1_000_000_000L;

    private record Groups(int[] groups, long expiresNs) {
    }

    private final Int2ObjectOpenHashMap<Groups> byPid = new Int2ObjectOpenHashMap<>();

    Caller of(FuseContext ctx) {
        int uid = (int) ctx.uid.get();
        int gid = (int) ctx.gid.get();
        if (uid == 0) {
            return new Caller(0, gid, new int[0]);
        }
        return new Caller(uid, gid, groups((int) ctx.pid.get()));
    }

    private int[] groups(int pid) {
        long now = System.nanoTime();
        synchronized (byPid) {
            Groups g = byPid.get(pid);
            if (g != null && now < g.expiresNs) {
                return g.groups;
            }
            if (byPid.size() > 4096) {
                byPid.clear();
            }
        }
        int[] groups = read(pid);
        synchronized (byPid) {
            byPid.put(pid, new Groups(groups, now + TTL_NS));
        }
        return groups;
    }

    static int[] read(int pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("Groups:")) {
                    String rest = line.substring("Groups:".length()).trim();
                    return rest.isEmpty() ? new int[0]
                            : java.util.Arrays.stream(rest.split("\\s+")).mapToInt(Integer::parseInt).toArray();
                }
            }
        } catch (IOException | RuntimeException e) {
            // The process may be gone already: it then gets no supplementary groups.
        }
        return new int[0];
    }
}
