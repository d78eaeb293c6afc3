package io.wfs.it;

import java.io.IOException;

/** Which {@link NodeHost} each process of a {@link MiniCluster} runs on, by the node's name ("meta0", "store1", …). */
@FunctionalInterface
interface HostPlan {
    /** Everything on 127.0.0.1 in the test's own network namespace. */
    HostPlan LOOPBACK = name -> NodeHost.LOOPBACK;

    NodeHost host(String nodeName) throws IOException;
}
