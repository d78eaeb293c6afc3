package io.wfs.fuse;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mounts a {@link WfsFuse} and proves it is up: jnr-fuse's non-blocking mount waits only 2 s and
 * reports later failures nowhere (TECH-NOTES), so this waits until /proc/mounts lists the folder
 * and its root answers stat. Unmount tries {@code fusermount -u}, then a lazy {@code -u -z} for a
 * frozen mount, so a test or Ctrl-C never leaves a stale mount behind.
 */
public final class WfsMount implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WfsMount.class);

    /**
     * big_writes: 128 KiB writes instead of 4 KiB; allow_other: pods and other users share the
     * mount (the servers check permissions per caller); no hard_remove: libfuse "renames" an open
     * file that is unlinked to .fuse_hidden…, which WfsFuse turns into an unlink on the servers and
     * a name known only here, so fstat of an unlinked open file works (HiddenFiles); use_ino: stat shows WFS inode numbers; auto_unmount: the kernel
     * mount goes when this process dies, even by kill -9; default_permissions: the kernel checks
     * permissions too, with the attributes it caches, because some opens never reach the daemon
     * (FIFOs, devices) — the servers still check every request that does (docs/posix.md);
     * the kernel's own name and attribute cache times come from the configuration
     * ({@link #kernelCacheOptions}).
     */
    static final String OPTIONS =
            "big_writes,allow_other,use_ino,default_permissions,fsname=wfs,subtype=wfs,auto_unmount";

    /**
     * entry_timeout and attr_timeout from client.kernel-entry-timeout / client.kernel-attr-timeout:
     * what the kernel caches, this process cannot take back when another mount changes it (the
     * high-level libfuse API has no invalidation): 1 s by default, as libfuse's own default; 0 leaves
     * every answer to the client's leased cache, which is coherent (docs/metadata.md, "Client caches
     * with leases").
     */
    public static List<String> kernelCacheOptions(io.wfs.common.config.WfsConfig config) {
        return List.of("entry_timeout=" + seconds(config.get(io.wfs.client.ClientConfigKeys.KERNEL_ENTRY_TIMEOUT)),
                "attr_timeout=" + seconds(config.get(io.wfs.client.ClientConfigKeys.KERNEL_ATTR_TIMEOUT)));
    }

    private static String seconds(java.time.Duration d) {
        return java.math.BigDecimal.valueOf(d.toNanos(), 9).stripTrailingZeros().toPlainString();
    }

    private final WfsFuse fuse;
    private final Path mountPoint;

    private WfsMount(WfsFuse fuse, Path mountPoint) {
        this.fuse = fuse;
        this.mountPoint = mountPoint;
    }

    public static WfsMount mount(WfsFuse fuse, Path mountPoint, List<String> extraOptions) throws IOException {
        Path dir = mountPoint.toAbsolutePath().normalize();
        Files.createDirectories(dir);
        if (isMounted(dir)) {
            throw new WfsException(WfsErrorCode.EBUSY, dir + " is already a mount point");
        }
        List<String> args = new ArrayList<>(List.of("-o", OPTIONS));
        for (String o : extraOptions) {
            args.add("-o");
            args.add(o);
        }
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                args.add("-o");
                args.add("nonempty");
            }
        }
        fuse.mount(dir, false, false, args.toArray(new String[0]));
        WfsMount m = new WfsMount(fuse, dir);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (isMounted(dir)) {
                try {
                    Files.readAttributes(dir, "unix:ino");
                    LOG.info("mounted at {}", dir);
                    return m;
                } catch (IOException e) {
                    LOG.debug("mount at {} not answering yet: {}", dir, e.toString());
                }
            }
            sleep(50);
        }
        m.close();
        throw new IOException("the FUSE mount at " + dir + " did not come up within 20 s (is /dev/fuse there, "
                + "and are the fuse3 and libfuse2 packages installed?)");
    }

    public Path mountPoint() {
        return mountPoint;
    }

    /** Whether /proc/mounts lists {@code dir} as a mount point. */
    public static boolean isMounted(Path dir) throws IOException {
        String target = dir.toAbsolutePath().normalize().toString();
        for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
            String[] f = line.split(" ");
            if (f.length > 1 && f[1].replace("\\040", " ").equals(target)) {
                return true;
            }
        }
        return false;
    }

    /** Unmounts {@code dir}: fusermount -u, then -u -z if the first did not take. */
    public static void unmount(Path dir) throws IOException {
        String target = dir.toAbsolutePath().normalize().toString();
        for (String[] cmd : List.of(new String[] {"fusermount", "-u", target}, new String[] {"fusermount", "-u", "-z", target},
                new String[] {"umount", "-l", target})) {
            if (!isMounted(dir)) {
                return;
            }
            run(cmd);
        }
        if (isMounted(dir)) {
            throw new IOException("could not unmount " + target);
        }
    }

    private static void run(String[] cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            LOG.debug("{} failed: {}", String.join(" ", cmd), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        try {
            fuse.umount();
        } catch (RuntimeException e) {
            LOG.debug("jnr-fuse umount: {}", e.toString());
        }
        try {
            unmount(mountPoint);
        } catch (IOException e) {
            LOG.error("unmount of {} failed", mountPoint, e);
        }
    }
}
