package io.wfs.it;

import io.wfs.common.config.ConfigRegistry;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.route.SlotMap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The meta nodes of a {@link MiniCluster} that serve a static slot map (no manager): ports, the
 * map file with the groups split evenly over the slots, and one configuration per node.
 */
final class StaticMetaNodes {
    private StaticMetaNodes() {
    }

    /** Writes the slot map and one config per meta node, and creates (does not start) the nodes. */
    static SlotMap configure(Path dir, Path secretFile, ClusterSecret secret, MiniClusterBuilder shape,
                             List<MetaNode> metaNodes) throws Exception {
        List<SlotMap.Peer> peers = new ArrayList<>();
        int[][] ports = new int[shape.metaNodes][];
        for (int i = 0; i < shape.metaNodes; i++) {
            ports[i] = new int[] {MiniCluster.freePort(), MiniCluster.freePort(), MiniCluster.freePort()};
            peers.add(new SlotMap.Peer("127.0.0.1:" + ports[i][0], "127.0.0.1:" + ports[i][1]));
        }
        SlotMap map = splitSlots(peers, shape.groups);
        Path mapFile = dir.resolve("slots.properties");
        Files.writeString(mapFile, map.format());
        for (int i = 0; i < shape.metaNodes; i++) {
            Path configFile = NodeConfigFiles.staticMeta(dir, i, secretFile, mapFile, ports[i], shape.metaSettings);
            metaNodes.add(shape.metaProcesses
                    ? new ProcessMetaNode(configFile, dir.resolve("meta" + i + ".log"), ports[i][2])
                    : new InProcessMetaNode(WfsConfig.load(configFile, Map.of(), ConfigRegistry.discover()),
                    secret, map));
        }
        return map;
    }

    /** Groups g0..g(n-1), each replicated on every meta node, slots split evenly. */
    private static SlotMap splitSlots(List<SlotMap.Peer> peers, int groups) {
        List<SlotMap.Group> list = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            int from = g * SlotMap.SLOTS / groups;
            int to = (g + 1) * SlotMap.SLOTS / groups;
            int[] slots = new int[to - from];
            for (int s = from; s < to; s++) {
                slots[s - from] = s;
            }
            list.add(new SlotMap.Group("g" + g, peers, slots));
        }
        return new SlotMap(1, list);
    }

}
