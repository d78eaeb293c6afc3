package io.wfs.it;

import io.wfs.common.config.CommonConfigKeys;
import io.wfs.meta.manager.MetaManagerConfigKeys;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.raft.RaftConfigKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the {@code .properties} files of a {@link MiniCluster}'s meta nodes: loopback addresses,
 * a data folder and a log under the cluster folder, the cluster secret, and the Raft timings that
 * hold on 2 cores; either a static slot-map file or the managers to take the topology from.
 */
final class NodeConfigFiles {
    private NodeConfigFiles() {
    }

    /** The settings every meta node of a test cluster has, before its topology source and the test's overrides. */
    static Map<String, String> metaBase(Path dir, int i, Path secretFile, int raftPort, int rpcPort, int httpPort) {
        return metaBase(dir, i, NodeHost.LOOPBACK, secretFile, raftPort, rpcPort, httpPort);
    }

    /** As {@link #metaBase(Path, int, Path, int, int, int)}, bound to {@code host}'s address. */
    static Map<String, String> metaBase(Path dir, int i, NodeHost host, Path secretFile, int raftPort, int rpcPort,
                                        int httpPort) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(CommonConfigKeys.SECRET_FILE.name(), secretFile.toString());
        p.put(MetaConfigKeys.RAFT_ADDRESS.name(), host.at(raftPort));
        p.put(MetaConfigKeys.RPC_ADDRESS.name(), host.at(rpcPort));
        p.put(MetaConfigKeys.DATA_DIR.name(), dir.resolve("meta" + i).toString());
        p.put(CommonConfigKeys.HTTP_PORT.name(), Integer.toString(httpPort));
        if (httpPort > 0) {
            p.put(CommonConfigKeys.HTTP_BIND.name(), host.address());
        }
        // The stable values on 2 cores (shared/TECH-NOTES.md: 1 s flapped under fsync load).
        p.put(RaftConfigKeys.ELECTION_TIMEOUT.name(), "2000ms");
        p.put(RaftConfigKeys.MAX_ELECTION_DELAY.name(), "500ms");
        // A test's clients announce their opens to a new leader with their first request, and its
        // mounts heartbeat every second (MiniCluster): a short window keeps the checks after a
        // leader change quick (production: 30 s, two client heartbeats).
        p.put(MetaConfigKeys.REANNOUNCE_WINDOW.name(), "3s");
        p.put(CommonConfigKeys.IO_THREADS.name(), "2");
        p.put(CommonConfigKeys.WORKER_THREADS.name(), "8");
        return p;
    }

    /** Meta node {@code i} serving the groups of the slot-map file {@code slotMapFile}. */
    static Path staticMeta(Path dir, int i, Path secretFile, Path slotMapFile, int[] ports, Map<String, String> overrides)
            throws IOException {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(CommonConfigKeys.SECRET_FILE.name(), secretFile.toString());
        p.put(MetaConfigKeys.SLOT_MAP_FILE.name(), slotMapFile.toString());
        p.putAll(metaBase(dir, i, secretFile, ports[0], ports[1], ports[2]));
        p.putAll(overrides);
        return write(dir.resolve("meta" + i + ".properties"), p);
    }

    /** Meta node {@code i} with no slot-map file: it registers with {@code managerList} and serves what they place on it. */
    static Path metaFromManager(Path dir, int i, NodeHost host, Path secretFile, String managerList, int[] ports,
                                Map<String, String> overrides) throws IOException {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(CommonConfigKeys.SECRET_FILE.name(), secretFile.toString());
        p.put(MetaManagerConfigKeys.MANAGERS.name(), managerList);
        p.putAll(metaBase(dir, i, host, secretFile, ports[0], ports[1], ports[2]));
        p.putAll(overrides);
        return write(dir.resolve("meta" + i + ".properties"), p);
    }

    static Path write(Path file, Map<String, String> props) throws IOException {
        StringBuilder text = new StringBuilder();
        props.forEach((k, v) -> text.append(k).append(" = ").append(v).append('\n'));
        Files.writeString(file, text);
        return file;
    }
}
