package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Validate;

/** Field rules shared by the manager's messages. */
public final class ManagerFields {
    public static final int MAX_ADDRESS_CHARS = 255;
    public static final int MAX_NODE_ID = 1 << 30;
    public static final int MAX_VOLUMES_PER_HEARTBEAT = 100_000;
    public static final int MAX_GROUPS_PER_HEARTBEAT = 4096;
    public static final int MAX_DISKS = 1024;
    public static final long MAX_BYTES = 1L << 60;
    public static final int MAX_REASON_CHARS = 1024;
    public static final int MAX_NAME_CHARS = 256;

    private ManagerFields() {
    }

    /** A host:port with a port in 1..65535. */
    public static String address(String value, String field) {
        Validate.notNull(value, field);
        Validate.length(value, field, MAX_ADDRESS_CHARS);
        int colon = value.lastIndexOf(':');
        Validate.check(colon > 0, field + " '" + value + "' is not host:port");
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        Validate.check(port >= 1 && port <= 65535, field + " '" + value + "' has no valid port");
        return value;
    }

    public static int nodeId(int value) {
        return (int) Validate.range(value, "nodeId", 1, MAX_NODE_ID);
    }

    public static long bytes(long value, String field) {
        return Validate.range(value, field, 0, MAX_BYTES);
    }

    public static long version(long value, String field) {
        return Validate.range(value, field, 0, Long.MAX_VALUE);
    }
}
