package io.wfs.cli.local;

import io.wfs.fuse.WfsMount;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code wfs local stop}: stops the local cluster of a folder (SIGTERM, then SIGKILL) and removes its mount. */
@Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop the local cluster and unmount it.")
public final class LocalStopCommand implements Callable<Integer> {
    @Option(names = "--dir", paramLabel = "DATA", description = "Folder of the cluster's data (default: ${DEFAULT-VALUE}).")
    Path dir = LocalCommand.DEFAULT_DIR;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        LocalPidFile pidFile = new LocalPidFile(dir.toAbsolutePath().normalize());
        Optional<LocalPidFile.Running> running = pidFile.running();
        Optional<Path> mountPoint = pidFile.lastMountPoint();
        if (running.isPresent()) {
            ProcessHandle p = ProcessHandle.of(running.get().pid()).orElseThrow();
            p.destroy();
            try {
                p.onExit().get(60, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                spec.commandLine().getErr().println("wfs local stop: no clean stop within 60 s; killing it");
                p.destroyForcibly();
                p.onExit().get(10, TimeUnit.SECONDS);
            }
        }
        // A process killed with -9 leaves its mount: remove it too.
        if (mountPoint.isPresent() && WfsMount.isMounted(mountPoint.get())) {
            WfsMount.unmount(mountPoint.get());
        }
        pidFile.delete();
        spec.commandLine().getOut().println(running.isPresent() ? "wfs local: stopped" : "wfs local: was not running");
        return 0;
    }
}
