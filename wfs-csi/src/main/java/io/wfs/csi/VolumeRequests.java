package io.wfs.csi;

import csi.v1.Csi.CapacityRange;
import csi.v1.Csi.VolumeCapability;
import java.util.List;
import java.util.regex.Pattern;

/** Checks of request fields shared by the Controller and Node services (INVALID_ARGUMENT when they fail). */
final class VolumeRequests {
    /**
     * A volume id is the name of its directory: the provisioner's names ("pvc-<uuid>") fit; no
     * slash, no "." or "..", so an id can never point outside the volumes root.
     */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

    private VolumeRequests() {
    }

    static String volumeId(String id) {
        if (id.isEmpty()) {
            throw CsiStatus.invalid("volume_id is required");
        }
        if (!ID.matcher(id).matches()) {
            throw CsiStatus.invalid("not a volume id of this driver: " + id + " (ids are [A-Za-z0-9][A-Za-z0-9._-]{0,127})");
        }
        return id;
    }

    /** The name of CreateVolume, which becomes the volume id. */
    static String name(String name) {
        if (name.isEmpty()) {
            throw CsiStatus.invalid("name is required");
        }
        if (!ID.matcher(name).matches()) {
            throw CsiStatus.invalid("a volume name is [A-Za-z0-9][A-Za-z0-9._-]{0,127}, not " + name);
        }
        return name;
    }

    /** A host path kubelet gives (staging or target): required and absolute. */
    static String path(String path, String field) {
        if (path.isEmpty()) {
            throw CsiStatus.invalid(field + " is required");
        }
        if (!path.startsWith("/")) {
            throw CsiStatus.invalid(field + " must be an absolute path: " + path);
        }
        return path;
    }

    /** Only file-system (mount) access: WFS is a shared file system, every access mode is fine. */
    static void capability(VolumeCapability c) {
        if (c.hasBlock()) {
            throw CsiStatus.invalid("raw block access is not supported: WFS volumes are file systems");
        }
        if (!c.hasMount()) {
            throw CsiStatus.invalid("volume_capability needs access_type mount");
        }
        if (c.getAccessMode().getMode() == VolumeCapability.AccessMode.Mode.UNKNOWN) {
            throw CsiStatus.invalid("volume_capability needs an access_mode");
        }
        String fs = c.getMount().getFsType();
        if (!fs.isEmpty() && !fs.equals("wfs") && !fs.equals("fuse.wfs")) {
            throw CsiStatus.invalid("fs_type " + fs + " is not supported (WFS mounts are fuse.wfs)");
        }
    }

    static void capabilities(List<VolumeCapability> caps) {
        if (caps.isEmpty()) {
            throw CsiStatus.invalid("volume_capabilities are required");
        }
        caps.forEach(VolumeRequests::capability);
    }

    static void capabilityRequired(boolean present, VolumeCapability c) {
        if (!present) {
            throw CsiStatus.invalid("volume_capability is required");
        }
        capability(c);
    }

    /**
     * The size recorded for a capacity range: the required bytes, else the limit, else 0 (none
     * asked). OUT_OF_RANGE when the limit is below what is required or either is negative.
     */
    static long capacity(CapacityRange r) {
        long required = r.getRequiredBytes();
        long limit = r.getLimitBytes();
        if (required < 0 || limit < 0) {
            throw CsiStatus.outOfRange("capacity bytes cannot be negative");
        }
        if (limit > 0 && required > limit) {
            throw CsiStatus.outOfRange("required_bytes " + required + " is above limit_bytes " + limit);
        }
        return required > 0 ? required : limit;
    }
}
