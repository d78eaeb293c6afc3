package io.wfs.manager.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The manager group's members: Raft endpoint → RPC endpoint, in configuration order. */
public record ManagerPeers(Map<String, String> rpcByRaft) {

    /** Parses {@code manager.peers}; blank means the single manager {@code raft=rpc}. */
    public static ManagerPeers parse(String text, String ownRaft, String ownRpc) {
        Map<String, String> map = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            map.put(ownRaft, ownRpc);
        } else {
            for (String part : text.split(",")) {
                String[] kv = part.strip().split("=");
                if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
                    throw new IllegalArgumentException("manager.peers: '" + part.strip() + "' is not raftHost:port=rpcHost:port");
                }
                map.put(kv[0].strip(), kv[1].strip());
            }
        }
        if (!map.containsKey(ownRaft)) {
            throw new IllegalArgumentException("manager.raft-address " + ownRaft + " is not one of manager.peers " + map.keySet());
        }
        return new ManagerPeers(map);
    }

    public List<String> raftAddresses() {
        return new ArrayList<>(rpcByRaft.keySet());
    }

    public List<String> rpcAddresses() {
        return new ArrayList<>(rpcByRaft.values());
    }

    public String rpcOf(String raftAddress) {
        return raftAddress == null ? null : rpcByRaft.get(raftAddress);
    }
}
