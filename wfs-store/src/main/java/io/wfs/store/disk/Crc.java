package io.wfs.store.disk;

import java.util.zip.CRC32C;

/** CRC32C of block bytes (hardware-accelerated in the JDK). */
public final class Crc {
    private Crc() {
    }

    public static int of(byte[] data) {
        CRC32C c = new CRC32C();
        c.update(data, 0, data.length);
        return (int) c.getValue();
    }
}
