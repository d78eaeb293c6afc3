package io.wfs.csi;

import io.wfs.client.Caller;
import io.wfs.client.ClientQuotas;
import io.wfs.client.WfsFileSystem;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.posix.DirectorySpread;
import io.wfs.common.posix.Posix;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * The volumes as directories of the cluster: {@code <root>/<id>}, made by the controller as root
 * with mode 0777 (pods run as any uid). Each carries a directory quota whose byte limit is the
 * volume's capacity (0: no capacity asked, no limit), enforced by the meta servers on every write
 * and create (EDQUOT) and shown by {@code df} in the pod (docs/kubernetes.md).
 */
final class VolumeDirectories {
    private static final Caller ROOT = Caller.ROOT;

    private final WfsFileSystem fs;
    private final ClientQuotas quotas;
    private final String root;
    private final String retention;
    private volatile boolean rootMarked;

    /** {@code retention}: where deleted volumes go ("" removes them). */
    VolumeDirectories(WfsFileSystem fs, ClientQuotas quotas, String root, String retention) {
        this.fs = fs;
        this.quotas = quotas;
        this.root = trimSlash(root);
        this.retention = trimSlash(retention);
    }

    /** The cluster path of volume {@code id}, as {@code wfs mount --subdir} takes it. */
    String path(String id) {
        return root + "/" + id;
    }

    /**
     * The capacity of an existing volume, its quota's byte limit (empty when a crash came between
     * its mkdir and its quota); NOT_FOUND when missing.
     */
    OptionalLong capacity(String id) {
        requireDirectory(id);
        try {
            return OptionalLong.of(quotas.get(ROOT, path(id)).limitBytes());
        } catch (WfsException e) {
            if (e.code() == WfsErrorCode.ENODATA) {
                return OptionalLong.empty();
            }
            throw e;
        }
    }

    boolean exists(String id) {
        try {
            return Posix.isDirectory(fs.getattr(ROOT, path(id)).mode());
        } catch (WfsException e) {
            if (e.code() == WfsErrorCode.ENOENT) {
                return false;
            }
            throw e;
        }
    }

    /** Makes the volume's directory; false when it was there already (the caller compares capacities). */
    boolean create(String id) {
        mkdirs(root);
        spreadVolumes();
        try {
            fs.mkdir(ROOT, path(id), 0777);
        } catch (WfsException e) {
            if (e.code() == WfsErrorCode.EEXIST) {
                requireDirectory(id);
                return false;
            }
            throw e;
        }
        // Exactly 0777 (pods run as any uid), whatever the servers made of the mode mkdir asked for.
        fs.setattr(ROOT, path(id), io.wfs.common.msg.meta.SetAttr.NOTHING.withMode(0777));
        return true;
    }

    /**
     * Marks the volumes root so that the volumes (its subdirectories) spread over all meta groups
     * even when a mount that makes them holds the root's create delegation (docs/metadata.md,
     * "Asynchronous mkdir"): a volume's whole tree stays in its own slot (a quota's), so where the
     * volume directory lands is where the tenant's load lands. Once per driver process.
     */
    private void spreadVolumes() {
        if (!rootMarked && !root.isEmpty()) { // the cluster's root spreads its subdirectories anyway
            fs.setxattr(ROOT, root, DirectorySpread.name(), DirectorySpread.on(), 0);
            rootMarked = true;
        }
    }

    /** Sets the volume's quota to {@code bytes} (0: no limit); the volume's files stay. */
    void setCapacity(String id, long bytes) {
        quotas.set(ROOT, path(id), bytes, 0);
    }

    /** Removes the volume (or moves it into the retention folder); true when there was one. */
    boolean delete(String id) {
        if (!exists(id)) {
            return false;
        }
        if (!retention.isEmpty()) {
            mkdirs(retention);
            fs.rename(ROOT, path(id), retention + "/" + id + "." + System.currentTimeMillis(), 0);
        } else {
            removeTree(path(id));
        }
        return true;
    }

    /** The cluster's free bytes for GetCapacity (quotas are limits, not reservations: they may sum past it). */
    long freeBytes() {
        return fs.statfs(ROOT).freeBytes();
    }

    private void requireDirectory(String id) {
        if (!exists(id)) {
            throw CsiStatus.notFound("no volume " + id + " (no directory " + path(id) + ")");
        }
    }

    private void removeTree(String dir) {
        for (DirEntry e : fs.readdir(ROOT, dir)) {
            String name = new String(e.name(), StandardCharsets.UTF_8);
            if (name.equals(".") || name.equals("..")) {
                continue;
            }
            String child = dir + "/" + name;
            if (Posix.isDirectory(fs.getattr(ROOT, child).mode())) {
                removeTree(child);
            } else {
                ignoreMissing(() -> fs.unlink(ROOT, child));
            }
        }
        ignoreMissing(() -> fs.rmdir(ROOT, dir));
    }

    /** Each step of the walk may race a pod still writing or a retried delete: a name already gone is fine. */
    private static void ignoreMissing(Runnable step) {
        try {
            step.run();
        } catch (WfsException e) {
            if (e.code() != WfsErrorCode.ENOENT) {
                throw e;
            }
        }
    }

    private void mkdirs(String dir) {
        StringBuilder at = new StringBuilder();
        for (String part : dir.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            at.append('/').append(part);
            try {
                fs.mkdir(ROOT, at.toString(), 0755);
            } catch (WfsException e) {
                if (e.code() != WfsErrorCode.EEXIST) {
                    throw e;
                }
            }
        }
    }

    private static String trimSlash(String p) {
        String t = p.trim();
        while (t.endsWith("/")) {
            t = t.substring(0, t.length() - 1);
        }
        if (!t.isEmpty() && !t.startsWith("/")) {
            throw new IllegalArgumentException("a CSI folder of the cluster must be absolute: " + p);
        }
        return t;
    }
}
