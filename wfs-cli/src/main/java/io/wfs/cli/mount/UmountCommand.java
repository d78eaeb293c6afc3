package io.wfs.cli.mount;

import io.wfs.fuse.WfsMount;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code wfs umount}: unmounts a WFS mount point (the mount process then exits). */
@Command(name = "umount", mixinStandardHelpOptions = true,
        description = "Unmount a WFS mount point: fusermount -u, then a lazy unmount if the mount is frozen.")
public final class UmountCommand implements Callable<Integer> {
    @Parameters(paramLabel = "MOUNTPOINT")
    Path mountPoint;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!WfsMount.isMounted(mountPoint)) {
            spec.commandLine().getErr().println("wfs umount: " + mountPoint + " is not mounted");
            return 1;
        }
        WfsMount.unmount(mountPoint);
        return 0;
    }
}
