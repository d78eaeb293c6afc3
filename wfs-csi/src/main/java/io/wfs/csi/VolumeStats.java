package io.wfs.csi;

import csi.v1.Csi;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * NodeGetVolumeStats from what can be measured, since WFS has no directory quotas yet: used bytes
 * and inodes by a walk of the mounted volume (cost: one stat per entry, through the mount),
 * total and available bytes from statfs of the mount, which is the cluster's space (a volume can
 * take all of it; its recorded capacity is not a limit). Inodes: used only (the metadata servers
 * have no fixed inode table, so there is no honest total).
 */
final class VolumeStats {
    private VolumeStats() {
    }

    static Csi.NodeGetVolumeStatsResponse measure(Path mounted) throws IOException {
        long[] usedBytesAndInodes = new long[2];
        Files.walkFileTree(mounted, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                usedBytesAndInodes[0] += attrs.size();
                usedBytesAndInodes[1]++;
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                usedBytesAndInodes[1]++;
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                // A file removed by a pod during the walk: not counted, not an error.
                return FileVisitResult.CONTINUE;
            }
        });
        FileStore store = Files.getFileStore(mounted);
        Csi.NodeGetVolumeStatsResponse.Builder b = Csi.NodeGetVolumeStatsResponse.newBuilder();
        b.addUsageBuilder().setUnit(Csi.VolumeUsage.Unit.BYTES).setUsed(usedBytesAndInodes[0])
                .setTotal(store.getTotalSpace()).setAvailable(store.getUsableSpace());
        b.addUsageBuilder().setUnit(Csi.VolumeUsage.Unit.INODES).setUsed(usedBytesAndInodes[1]);
        b.getVolumeConditionBuilder().setAbnormal(false).setMessage("mounted and answering");
        return b.build();
    }

    /** The answer for a mount whose FUSE process is gone: no usage, an abnormal condition. */
    static Csi.NodeGetVolumeStatsResponse dead(Path mounted) {
        Csi.NodeGetVolumeStatsResponse.Builder b = Csi.NodeGetVolumeStatsResponse.newBuilder();
        b.getVolumeConditionBuilder().setAbnormal(true)
                .setMessage("the WFS mount at " + mounted + " does not answer (ENOTCONN); NodeStage/NodePublish re-establish it");
        return b.build();
    }
}
