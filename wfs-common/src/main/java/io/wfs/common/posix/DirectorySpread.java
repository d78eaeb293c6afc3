package io.wfs.common.posix;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The extended attribute that makes a directory's new subdirectories spread over all meta groups
 * (docs/metadata.md, "Where the new directory lives"). A mount answers a mkdir under its create
 * delegation with a directory of the parent's group; on a directory that carries this attribute,
 * as on the root, every mkdir goes to the servers, which place the new directory by a hash over
 * all slots. For directories whose children are tenants — the CSI driver's volumes root, a
 * {@code /datasets}, {@code /home} — as CephFS's {@code ceph.dir.pin.distributed}. Root only (the
 * {@code trusted.} namespace), on directories, with the value {@value #ON}; removing it turns it off.
 */
public final class DirectorySpread {
    public static final String NAME = "trusted.wfs.spread";
    public static final String ON = "1";

    private static final byte[] NAME_BYTES = NAME.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ON_BYTES = ON.getBytes(StandardCharsets.US_ASCII);

    private DirectorySpread() {
    }

    public static byte[] name() {
        return NAME_BYTES.clone();
    }

    public static byte[] on() {
        return ON_BYTES.clone();
    }

    public static boolean isName(byte[] name) {
        return Arrays.equals(name, NAME_BYTES);
    }

    public static boolean isOn(byte[] value) {
        return Arrays.equals(value, ON_BYTES);
    }
}
