package io.wfs.common.msg.store;

import io.wfs.common.rpc.Validate;

/** Bounds shared by the store messages and the store itself. */
public final class StoreLimits {
    /** Largest block: the client cuts bigger writes (same as a slice, SliceInfo.MAX_LENGTH). */
    public static final int MAX_BLOCK_BYTES = 4 << 20;
    /** Most replicas a volume may have. */
    public static final int MAX_REPLICAS = 7;
    /** Longest replica address ("host:port"). */
    public static final int MAX_ADDRESS_CHARS = 255;
    /** Most block ids in one delete or list answer (a deletion-queue page). */
    public static final int MAX_BLOCK_IDS = 65_536;

    private StoreLimits() {
    }

    /** Volume ids are positive 32-bit numbers. */
    public static void volume(int volume) {
        Validate.range(volume, "volume", 1, Integer.MAX_VALUE);
    }

    /** A replica list: 1..MAX_REPLICAS distinct "host:port" strings; the first is the primary. */
    public static void replicas(String[] replicas) {
        Validate.notNull(replicas, "replicas");
        Validate.range(replicas.length, "replicas", 1, MAX_REPLICAS);
        for (int i = 0; i < replicas.length; i++) {
            address(replicas[i], "replicas[" + i + "]");
            for (int j = 0; j < i; j++) {
                Validate.check(!replicas[i].equals(replicas[j]), "replica " + replicas[i] + " is listed twice");
            }
        }
    }

    public static void address(String address, String field) {
        Validate.notNull(address, field);
        Validate.length(address, field, MAX_ADDRESS_CHARS);
        int colon = address.lastIndexOf(':');
        Validate.check(colon > 0 && colon < address.length() - 1, field + " is not host:port: '" + address + "'");
        try {
            Validate.range(Integer.parseInt(address.substring(colon + 1)), field + " port", 1, 65535);
        } catch (NumberFormatException e) {
            Validate.check(false, field + " has no numeric port: '" + address + "'");
        }
    }
}
