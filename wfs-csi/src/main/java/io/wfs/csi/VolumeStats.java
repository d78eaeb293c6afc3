package io.wfs.csi;

import csi.v1.Csi;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * NodeGetVolumeStats from statfs of the volume's mount: a mount rooted at a quota directory
 * reports the quota (size = the byte limit, capped by the cluster's free space; used bytes and
 * inodes = the quota's exact usage, kept by the meta servers), so nothing walks the volume.
 */
final class VolumeStats {
    private VolumeStats() {
    }

    static Csi.NodeGetVolumeStatsResponse measure(Path mounted) throws IOException {
        // stat(1) reads f_blocks, f_bfree, f_bavail, f_files, f_ffree and the fragment size.
        String[] f = HostCommands.run(List.of("stat", "-f", "-c", "%b %f %a %c %d %S", mounted.toString())).split(" ");
        long blocks = Long.parseLong(f[0]);
        long free = Long.parseLong(f[1]);
        long available = Long.parseLong(f[2]);
        long files = Long.parseLong(f[3]);
        long freeFiles = Long.parseLong(f[4]);
        long block = Long.parseLong(f[5]);
        Csi.NodeGetVolumeStatsResponse.Builder b = Csi.NodeGetVolumeStatsResponse.newBuilder();
        b.addUsageBuilder().setUnit(Csi.VolumeUsage.Unit.BYTES).setUsed((blocks - free) * block)
                .setTotal(blocks * block).setAvailable(available * block);
        b.addUsageBuilder().setUnit(Csi.VolumeUsage.Unit.INODES).setUsed(files - freeFiles).setTotal(files)
                .setAvailable(freeFiles);
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
