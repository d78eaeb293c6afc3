package io.wfs.it;

import java.util.List;

/**
 * Where a test's process runs on the network: the address it binds and advertises, and the
 * command prefix that starts it there ({@code nsenter --net=…} for a host of a {@link NetworkLab},
 * nothing on plain loopback).
 */
record NodeHost(String name, String address, List<String> launchPrefix) {
    /** Every process on 127.0.0.1 in the test's own network namespace (the default). */
    static final NodeHost LOOPBACK = new NodeHost("loopback", "127.0.0.1", List.of());

    /** {@code address:port}. */
    String at(int port) {
        return address + ":" + port;
    }
}
