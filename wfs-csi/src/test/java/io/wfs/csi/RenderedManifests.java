package io.wfs.csi;

import io.kubernetes.client.openapi.models.V1Container;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.openapi.models.V1PodSpec;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.util.Yaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The objects of k8s/ as the Kubernetes API types of client-java (whose YAML loader rejects
 * unknown fields and wrong types): rendered by {@code kubectl kustomize} when kubectl is on this
 * machine, else the resource files the kustomization lists, read one by one, plus the Secret its
 * generator would make. Rendering uses a copy of k8s/ with a throw-away cluster.secret.
 */
final class RenderedManifests {
    final List<Object> objects;
    final boolean byKubectl;

    private RenderedManifests(List<Object> objects, boolean byKubectl) {
        this.objects = objects;
        this.byKubectl = byKubectl;
    }

    static RenderedManifests of(Path k8s, Path scratch) throws Exception {
        Path copy = scratch.resolve("k8s");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(k8s)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        Files.writeString(copy.resolve("cluster.secret"), "test-secret-".repeat(4));
        // -Dwfs.k8s.render=files checks the way a machine without kubectl does.
        if (kubectlPresent() && !"files".equals(System.getProperty("wfs.k8s.render"))) {
            return new RenderedManifests(Yaml.loadAll(kustomize(copy)), true);
        }
        System.err.println("kubectl is not on this machine: checking the resource files without kustomize");
        List<Object> all = new ArrayList<>();
        Map<String, Object> kustomization = new org.yaml.snakeyaml.Yaml().load(Files.readString(copy.resolve("kustomization.yaml")));
        for (Object resource : (List<?>) kustomization.get("resources")) {
            all.addAll(Yaml.loadAll(Files.readString(copy.resolve(resource.toString()))));
        }
        for (Object gen : (List<?>) kustomization.get("secretGenerator")) {
            String name = (String) ((Map<?, ?>) gen).get("name");
            all.add(new V1Secret().metadata(new V1ObjectMeta().name(name)).putDataItem("secret", new byte[48]));
        }
        return new RenderedManifests(all, false);
    }

    <T> List<T> all(Class<T> kind) {
        return objects.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    <T> T one(Class<T> kind, String name) {
        return all(kind).stream().filter(o -> name.equals(nameOf(o))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind.getSimpleName() + " " + name));
    }

    static String nameOf(Object o) {
        try {
            V1ObjectMeta m = (V1ObjectMeta) o.getClass().getMethod("getMetadata").invoke(o);
            return m.getName();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static V1Container container(V1PodSpec pod, String name) {
        return pod.getContainers().stream().filter(c -> c.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no container " + name));
    }

    /** The container's arguments, with each {@code --set k=v} and {@code --flag=v} as "k=v" / "--flag=v". */
    static List<String> args(V1Container c) {
        List<String> out = new ArrayList<>();
        List<String> in = c.getArgs() == null ? List.of() : c.getArgs();
        for (int i = 0; i < in.size(); i++) {
            if (in.get(i).equals("--set") && i + 1 < in.size()) {
                out.add(in.get(++i));
            } else {
                out.add(in.get(i));
            }
        }
        return out;
    }

    /** The value of {@code key=} (or {@code --key=}) in the container's arguments. */
    static String arg(V1Container c, String key) {
        return args(c).stream().filter(a -> a.startsWith(key + "=")).map(a -> a.substring(key.length() + 1)).findFirst()
                .orElseThrow(() -> new AssertionError(c.getName() + " has no argument " + key));
    }

    private static boolean kubectlPresent() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "kubectl"))) {
                return true;
            }
        }
        return false;
    }

    private static String kustomize(Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("kubectl", "kustomize", dir.toString()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize failed: " + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
