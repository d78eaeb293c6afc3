package io.wfs.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real {@code bin/wfs csi} process (controller and node roles) for a test: its socket, state
 * folder and the kubelet-like folder of staging and target paths all under the cluster folder.
 * {@link #cleanUp()} unmounts whatever is left under those folders and ends the volumes' FUSE
 * processes the plugin recorded, then the plugin itself.
 */
final class CsiPluginProcess {
    private final Path dir;
    private final WfsProcess process;
    private CsiSocketClient client;

    CsiPluginProcess(Path clusterDir, String managers, Path secretFile) throws IOException {
        dir = clusterDir.resolve("csi");
        Files.createDirectories(kubelet());
        Path config = dir.resolve("csi.properties");
        Files.writeString(config, String.join("\n",
                "csi.endpoint=unix://" + socket(),
                "csi.node-id=node-1",
                "csi.state-dir=" + dir.resolve("state"),
                "csi.volumes-root=/volumes",
                "csi.mount-heap=192m",
                "client.managers=" + managers,
                "cluster.secret-file=" + secretFile) + "\n");
        process = new WfsProcess("csi", config, dir.resolve("csi.log"));
    }

    Path socket() {
        return dir.resolve("plugin/csi.sock");
    }

    /** Stands for /var/lib/kubelet: staging and target paths go under it. */
    Path kubelet() {
        return dir.resolve("kubelet");
    }

    void start() throws Exception {
        process.start();
        client = new CsiSocketClient(socket());
    }

    CsiSocketClient client() {
        return client;
    }

    /** SIGKILL, as a crash or an OOM kill of the node plugin. */
    void kill() throws InterruptedException {
        client.close();
        process.kill();
    }

    /** The pid of volume {@code id}'s FUSE process, as the plugin recorded it. */
    long fusePid(String id) throws IOException {
        return Long.parseLong(Files.readString(dir.resolve("state/volumes").resolve(id).resolve("pid")).trim());
    }

    /** The /proc/mounts lines of mounts under this plugin's folders ("" when none). */
    String mountsLeft() throws IOException {
        StringBuilder left = new StringBuilder();
        for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
            String[] f = line.split(" ");
            if (f.length > 1 && f[1].startsWith(dir.toString())) {
                left.append(line).append('\n');
            }
        }
        return left.toString();
    }

    void cleanUp() throws Exception {
        try {
            if (client != null) {
                client.close();
            }
            process.stop();
        } finally {
            List<String> mounted = new ArrayList<>();
            for (String line : mountsLeft().split("\n")) {
                if (!line.isEmpty()) {
                    mounted.add(line.split(" ")[1]);
                }
            }
            // Deepest first: the pods' bind mounts before the staging mounts they come from.
            mounted.sort((a, b) -> b.length() - a.length());
            for (String m : mounted) {
                new ProcessBuilder("umount", "-l", m).start().waitFor();
            }
            Path volumes = dir.resolve("state/volumes");
            if (Files.isDirectory(volumes)) {
                try (Stream<Path> vols = Files.list(volumes)) {
                    for (Path v : vols.toList()) {
                        if (Files.exists(v.resolve("pid"))) {
                            long pid = Long.parseLong(Files.readString(v.resolve("pid")).trim());
                            ProcessHandle.of(pid).filter(h -> h.info().commandLine().orElse("").contains(dir.toString()))
                                    .ifPresent(ProcessHandle::destroyForcibly);
                        }
                    }
                }
            }
        }
    }
}
