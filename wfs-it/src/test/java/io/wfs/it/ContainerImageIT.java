package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository's Dockerfile against what it packs and what runs it (no container engine runs
 * here): it copies the distribution this build made, its entry point is the launcher the k8s
 * manifests run, every role they run is a command of that launcher, its JRE runs the jars'
 * class files, and it installs what the launcher and the CSI node plugin call on the host.
 */
class ContainerImageIT {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern COPY = Pattern.compile("^COPY\\s+(\\S+)\\s+(\\S+)\\s*$");
    private static final Pattern ENTRYPOINT = Pattern.compile("^ENTRYPOINT\\s+\\[\"([^\"]+)\"]\\s*$");
    private static final Pattern FROM = Pattern.compile("^FROM\\s+\\S*?:(\\d+)-jre\\S*\\s*$");
    private static final Pattern COMMAND = Pattern.compile("^\\s*command:\\s*\\[\"([^\"]+)\"]\\s*$");
    private static final Pattern FIRST_ARG = Pattern.compile("^\\s*-\\s*([a-z]+)\\s*$");

    private static List<String> dockerfile() throws IOException {
        return Files.readAllLines(REPO.resolve("Dockerfile")).stream().filter(l -> !l.startsWith("#")).toList();
    }

    private static Matcher single(Pattern p) throws IOException {
        List<Matcher> found = new ArrayList<>();
        for (String line : dockerfile()) {
            Matcher m = p.matcher(line);
            if (m.matches()) {
                found.add(m);
            }
        }
        assertEquals(1, found.size(), "one line matching " + p);
        return found.get(0);
    }

    /** The image and command of each container of the manifests that runs the WFS launcher, with its role. */
    private record WfsContainer(String file, String command, String role) {
    }

    private static List<WfsContainer> manifestContainers() throws IOException {
        List<WfsContainer> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(REPO.resolve("k8s"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher c = COMMAND.matcher(lines.get(i));
                    if (c.matches() && c.group(1).contains("wfs")) {
                        assertTrue(lines.get(i + 1).trim().equals("args:"), f + ": args follow the command");
                        Matcher role = FIRST_ARG.matcher(lines.get(i + 2));
                        assertTrue(role.matches(), f + ": the first argument is the role: " + lines.get(i + 2));
                        out.add(new WfsContainer(f.getFileName().toString(), c.group(1), role.group(1)));
                    }
                }
            }
        }
        return out;
    }

    @Test
    void theImageCopiesThisBuildsDistributionAndRunsItsLauncher() throws Exception {
        Matcher copy = single(COPY);
        Path source = REPO.resolve(copy.group(1)).normalize();
        assertEquals(WfsProcess.launcher().getParent().getParent().toAbsolutePath().normalize(), source,
                "the image copies the distribution the build makes");
        assertTrue(Files.isDirectory(source.resolve("lib")) && Files.isDirectory(source.resolve("conf")));
        String entryPoint = single(ENTRYPOINT).group(1);
        assertEquals(copy.group(2) + "/bin/wfs", entryPoint, "the entry point is the copied launcher");
        assertTrue(Files.readAllLines(REPO.resolve(".dockerignore")).contains("!" + copy.group(1)),
                ".dockerignore lets the distribution into the build context");
    }

    @Test
    void everyRoleTheManifestsRunIsACommandOfTheLauncher() throws Exception {
        String entryPoint = single(ENTRYPOINT).group(1);
        List<WfsContainer> containers = manifestContainers();
        Set<String> roles = new TreeSet<>();
        for (WfsContainer c : containers) {
            assertEquals(entryPoint, c.command(), c.file() + " runs the image's launcher");
            roles.add(c.role());
        }
        assertEquals(Set.of("csi", "manager", "meta", "store"), roles, "the roles the manifests run");
        for (String role : roles) {
            Process p = new ProcessBuilder(WfsProcess.launcher().toString(), role, "--help").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), role + " --help ended");
            assertEquals(0, p.exitValue(), "wfs " + role + " --help: " + out);
        }
    }

    @Test
    void theImagesJavaRunsTheJarsAndItInstallsWhatTheNodeCalls() throws Exception {
        int imageJava = Integer.parseInt(single(FROM).group(1));
        Path lib = WfsProcess.launcher().getParent().getParent().resolve("lib");
        int newest = 0;
        try (Stream<Path> jars = Files.list(lib)) {
            for (Path jar : jars.filter(p -> p.getFileName().toString().startsWith("wfs-")).toList()) {
                newest = Math.max(newest, newestClassVersion(jar));
            }
        }
        assertTrue(newest > 0, "found the project's class files");
        assertTrue(newest - 44 <= imageJava, "class files of Java " + (newest - 44) + " need a JRE of at least that, the image has "
                + imageJava);
        String install = dockerfile().stream().filter(l -> l.contains("apt-get install")).findFirst().orElse("");
        // jnr-fuse loads libfuse 2; unmounting needs fusermount; the CSI node runs mount --bind and setsid.
        for (String pkg : List.of("libfuse2", "fuse3", "util-linux")) {
            assertTrue(install.matches(".*\\b" + pkg + "\\b.*"), "the image installs " + pkg);
        }
        assertFalse(install.isEmpty());
    }

    private static int newestClassVersion(Path jar) throws IOException {
        int newest = 0;
        try (JarFile j = new JarFile(jar.toFile())) {
            for (var e : java.util.Collections.list(j.entries())) {
                if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
                    try (InputStream in = j.getInputStream(e); DataInputStream d = new DataInputStream(in)) {
                        d.readInt();
                        d.readUnsignedShort();
                        newest = Math.max(newest, d.readUnsignedShort());
                    }
                }
            }
        }
        return newest;
    }
}
