package io.wfs.cli;

import io.wfs.common.config.WfsConfig;
import io.wfs.manager.server.ManagerConfigKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/** The managers a client command talks to: {@code --manager}, else the configuration's. */
public final class ManagerTargets {
    private ManagerTargets() {
    }

    /** The given addresses, else {@link #configured}; a usage error when none, or one is not HOST:PORT. */
    public static List<String> resolve(CommandLine cl, List<String> given, WfsConfig config) {
        List<String> targets = given.isEmpty() ? configured(config) : given;
        if (targets.isEmpty()) {
            throw new CommandLine.ParameterException(cl, "no manager: give --manager HOST:PORT, set manager.rpc-address, or start one with wfs local");
        }
        for (String t : targets) {
            if (t.lastIndexOf(':') <= 0) {
                throw new CommandLine.ParameterException(cl, "--manager: '" + t + "' is not HOST:PORT");
            }
        }
        return targets;
    }

    /** The RPC side of {@code manager.peers} (raft=rpc pairs), else {@code manager.rpc-address}. */
    public static List<String> configured(WfsConfig config) {
        String peers = config.get(ManagerConfigKeys.PEERS);
        List<String> list = new ArrayList<>();
        if (peers != null && !peers.isBlank()) {
            Arrays.stream(peers.split(",")).map(p -> p.substring(p.indexOf('=') + 1).strip())
                    .filter(s -> !s.isEmpty()).forEach(list::add);
        } else {
            String rpc = config.get(ManagerConfigKeys.RPC_ADDRESS);
            if (rpc != null && !rpc.isBlank()) {
                list.add(rpc.strip());
            }
        }
        return list;
    }
}
