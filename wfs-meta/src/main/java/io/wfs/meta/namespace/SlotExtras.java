package io.wfs.meta.namespace;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * The rare per-inode data kept out of the fixed record, keyed by seq: symlink targets, device
 * numbers and extended attributes. Maps are created on first use so the 4096 slots of a node
 * that owns them all do not each pay for empty tables.
 */
final class SlotExtras {
    private Long2ObjectOpenHashMap<byte[]> symlinkTargets;
    private Long2LongOpenHashMap deviceNumbers;
    private Long2ObjectOpenHashMap<Xattrs> xattrs;

    /**
     * A snapshot's copy: the maps are copied (symlink targets are never changed in place and are
     * shared; xattr sets are copied, they change in place).
     */
    SlotExtras frozenCopy() {
        SlotExtras copy = new SlotExtras();
        copy.symlinkTargets = symlinkTargets == null ? null : symlinkTargets.clone();
        copy.deviceNumbers = deviceNumbers == null ? null : deviceNumbers.clone();
        if (xattrs != null) {
            copy.xattrs = new Long2ObjectOpenHashMap<>(xattrs.size());
            for (Long2ObjectMap.Entry<Xattrs> e : xattrs.long2ObjectEntrySet()) {
                copy.xattrs.put(e.getLongKey(), e.getValue().copy());
            }
        }
        return copy;
    }

    byte[] symlinkTarget(long seq) {
        return symlinkTargets == null ? null : symlinkTargets.get(seq);
    }

    void setSymlinkTarget(long seq, byte[] target) {
        if (symlinkTargets == null) {
            symlinkTargets = new Long2ObjectOpenHashMap<>();
        }
        symlinkTargets.put(seq, target);
    }

    long deviceNumber(long seq) {
        return deviceNumbers == null ? 0 : deviceNumbers.get(seq);
    }

    void setDeviceNumber(long seq, long rdev) {
        if (rdev == 0) {
            if (deviceNumbers != null) {
                deviceNumbers.remove(seq);
            }
            return;
        }
        if (deviceNumbers == null) {
            deviceNumbers = new Long2LongOpenHashMap();
        }
        deviceNumbers.put(seq, rdev);
    }

    Xattrs xattrs(long seq) {
        return xattrs == null ? null : xattrs.get(seq);
    }

    void setXattrs(long seq, Xattrs set) {
        if (xattrs == null) {
            xattrs = new Long2ObjectOpenHashMap<>();
        }
        xattrs.put(seq, set);
    }

    void removeXattrs(long seq) {
        if (xattrs != null) {
            xattrs.remove(seq);
        }
    }

    void removeAll(long seq) {
        if (symlinkTargets != null) {
            symlinkTargets.remove(seq);
        }
        if (deviceNumbers != null) {
            deviceNumbers.remove(seq);
        }
        removeXattrs(seq);
    }
}
