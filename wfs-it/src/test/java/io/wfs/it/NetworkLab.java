package io.wfs.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Hosts for a test cluster, one network namespace per process, so that the network between them
 * can fail (issue 19's partitions). Each host's namespace has a veth link to a bridge in the
 * test's namespace; the bridge holds {@code 198.18.N.1} (the benchmark range, RFC 2544, as
 * bench/peers uses), host {@code k} gets {@code 198.18.N.(k+2)}. The test reaches every host
 * through the bridge; the FUSE mounts of processes started in a host stay visible to the test,
 * because only the network namespace is entered ({@code nsenter --net}), never the mount namespace.
 *
 * <p>Failures: {@link #cut} drops every packet between two hosts (a blackhole route on each side,
 * so established connections stall as on a real partition rather than being reset), {@link #isolate}
 * cuts a host from every other one and from the test, {@link #throttle} limits a host's outgoing
 * link with a token bucket (this machine's kernel has no netem), {@link #heal} undoes all of it.
 * {@link #close()} deletes the namespaces (and with them the veth links) and the bridge, by the
 * names this lab made. Needs root and iproute2.
 */
final class NetworkLab implements HostPlan, AutoCloseable {
    private final String prefix;
    private final int subnet;
    private final Map<String, NodeHost> hosts = new LinkedHashMap<>();
    private final List<String[]> cuts = new ArrayList<>();
    private final List<String> throttled = new ArrayList<>();
    private boolean bridgeUp;

    NetworkLab() {
        long pid = ProcessHandle.current().pid();
        // Names and a /24 of our own, so two test JVMs on one machine never share either.
        this.subnet = (int) (128 + pid % 120);
        this.prefix = "wfsl" + Long.toString(pid % 46656, 36);
    }

    /** The bridge's address: where the test itself is seen from the hosts. */
    String testAddress() {
        return base() + 1;
    }

    private String base() {
        return "198.18." + subnet + ".";
    }

    private String bridge() {
        return prefix + "br";
    }

    /** The host called {@code name}, made on first use. */
    @Override
    public synchronized NodeHost host(String name) throws IOException {
        NodeHost h = hosts.get(name);
        if (h != null) {
            return h;
        }
        if (!bridgeUp) {
            run("ip", "link", "add", bridge(), "type", "bridge");
            bridgeUp = true;
            run("ip", "addr", "add", testAddress() + "/24", "dev", bridge());
            run("ip", "link", "set", bridge(), "up");
        }
        int k = hosts.size();
        if (k > 200) {
            throw new IllegalStateException("a lab has at most 200 hosts");
        }
        String ns = prefix + "-" + k;
        String address = base() + (k + 2);
        run("ip", "netns", "add", ns);
        run("ip", "link", "add", ns + "v", "type", "veth", "peer", "name", "eth0", "netns", ns);
        run("ip", "link", "set", ns + "v", "master", bridge(), "up");
        run("ip", "-n", ns, "addr", "add", address + "/24", "dev", "eth0");
        run("ip", "-n", ns, "link", "set", "eth0", "up");
        run("ip", "-n", ns, "link", "set", "lo", "up");
        h = new NodeHost(name, address, List.of("nsenter", "--net=/var/run/netns/" + ns));
        hosts.put(name, h);
        return h;
    }

    private String namespaceOf(NodeHost h) {
        return h.launchPrefix().get(1).substring("--net=/var/run/netns/".length());
    }

    /** Drops every packet between {@code a} and {@code b}, both ways, until {@link #heal()}. */
    synchronized void cut(NodeHost a, NodeHost b) throws IOException {
        blackhole(a, b.address());
        blackhole(b, a.address());
    }

    /** Cuts {@code a} from every other host and from the test. */
    synchronized void isolate(NodeHost a) throws IOException {
        for (NodeHost other : hosts.values()) {
            if (!other.equals(a)) {
                cut(a, other);
            }
        }
        blackhole(a, testAddress());
    }

    private void blackhole(NodeHost from, String to) throws IOException {
        run("ip", "-n", namespaceOf(from), "route", "add", "blackhole", to + "/32");
        cuts.add(new String[] {namespaceOf(from), to});
    }

    /** Limits what {@code a} sends to {@code rate} (tc syntax, e.g. "2mbit"), until {@link #heal()}. */
    synchronized void throttle(NodeHost a, String rate) throws IOException {
        run("tc", "-n", namespaceOf(a), "qdisc", "add", "dev", "eth0", "root", "tbf", "rate", rate, "burst", "32kbit",
                "latency", "400ms");
        throttled.add(namespaceOf(a));
    }

    /** Undoes every cut and throttle. */
    synchronized void heal() throws IOException {
        for (String[] c : cuts) {
            run("ip", "-n", c[0], "route", "del", "blackhole", c[1] + "/32");
        }
        cuts.clear();
        for (String ns : throttled) {
            run("tc", "-n", ns, "qdisc", "del", "dev", "eth0", "root");
        }
        throttled.clear();
    }

    @Override
    public synchronized void close() throws IOException {
        IOException first = null;
        for (NodeHost h : hosts.values()) {
            try {
                run("ip", "netns", "del", namespaceOf(h));
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        hosts.clear();
        if (bridgeUp) {
            bridgeUp = false;
            run("ip", "link", "del", bridge());
        }
        if (first != null) {
            throw first;
        }
    }

    private static void run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": no answer in 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited " + p.exitValue() + ": "
                    + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
        }
    }
}
