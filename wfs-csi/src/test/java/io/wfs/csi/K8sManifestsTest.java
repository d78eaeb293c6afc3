package io.wfs.csi;

import static io.wfs.csi.RenderedManifests.arg;
import static io.wfs.csi.RenderedManifests.container;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kubernetes.client.openapi.models.V1CSIDriver;
import io.kubernetes.client.openapi.models.V1ClusterRoleBinding;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Container;
import io.kubernetes.client.openapi.models.V1ContainerPort;
import io.kubernetes.client.openapi.models.V1DaemonSet;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1PodSpec;
import io.kubernetes.client.openapi.models.V1PodTemplateSpec;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V1ServiceAccount;
import io.kubernetes.client.openapi.models.V1StatefulSet;
import io.kubernetes.client.openapi.models.V1StorageClass;
import io.kubernetes.client.openapi.models.V1Volume;
import io.kubernetes.client.openapi.models.V1VolumeMount;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * k8s/ against the Kubernetes API types, and agreement across its files: one image for every WFS
 * role, ports of Services, containers, probes, scrape annotations and manager addresses, the CSI
 * socket paths of the driver and its sidecars, the driver name, and the cluster secret's name and
 * file path.
 */
class K8sManifestsTest {
    private static final String DRIVER = IdentityService.DRIVER_NAME;
    private static RenderedManifests k8s;

    @BeforeAll
    static void render(@TempDir Path scratch) throws Exception {
        k8s = RenderedManifests.of(Path.of("..", "k8s"), scratch);
    }

    @Test
    void threeOfEachServerRoleWithAntiAffinityStorageProbesAndMatchingPorts() {
        for (String role : List.of("manager", "meta", "store")) {
            V1StatefulSet sts = k8s.one(V1StatefulSet.class, "wfs-" + role);
            assertEquals(3, sts.getSpec().getReplicas(), role);
            V1PodSpec pod = sts.getSpec().getTemplate().getSpec();
            assertNotNull(pod.getAffinity().getPodAntiAffinity(), role + " anti-affinity");
            assertEquals("data", sts.getSpec().getVolumeClaimTemplates().get(0).getMetadata().getName());
            V1Container c = container(pod, role);
            Map<String, Integer> ports = c.getPorts().stream()
                    .collect(Collectors.toMap(V1ContainerPort::getName, V1ContainerPort::getContainerPort));
            V1Service svc = k8s.one(V1Service.class, sts.getSpec().getServiceName());
            assertEquals(ports, svc.getSpec().getPorts().stream().collect(Collectors.toMap(p -> p.getName(), p -> p.getPort())),
                    role + ": the headless Service and the container agree on ports");
            assertEquals("/status", c.getReadinessProbe().getHttpGet().getPath());
            assertEquals("/status", c.getLivenessProbe().getHttpGet().getPath());
            assertEquals("http", c.getReadinessProbe().getHttpGet().getPort().getStrValue());
            assertEquals(ports.get("http"), Integer.valueOf(arg(c, "http.port")));
            assertEquals(ports.get("http").toString(), annotations(sts.getSpec().getTemplate()).get("prometheus.io/port"));
            assertEquals("/data", mountPath(c, "data"));
            if (!role.equals("store")) {
                assertEquals("$(POD_NAME).wfs-" + role + ":" + ports.get("raft"), arg(c, role + ".raft-address"));
            }
            assertEquals("$(POD_NAME).wfs-" + role + ":" + ports.get("rpc"), arg(c, role + ".rpc-address"));
        }
    }

    @Test
    void everyManagerListNamesTheManagersRpcPort() {
        V1StatefulSet managers = k8s.one(V1StatefulSet.class, "wfs-manager");
        int rpc = port(container(managers.getSpec().getTemplate().getSpec(), "manager"), "rpc");
        String expected = java.util.stream.IntStream.range(0, managers.getSpec().getReplicas())
                .mapToObj(i -> "wfs-manager-" + i + ".wfs-manager:" + rpc).collect(Collectors.joining(","));
        assertEquals(expected, arg(container(k8s.one(V1StatefulSet.class, "wfs-meta").getSpec().getTemplate().getSpec(), "meta"),
                "meta.managers"));
        assertEquals(expected, arg(container(k8s.one(V1StatefulSet.class, "wfs-store").getSpec().getTemplate().getSpec(),
                "store"), "store.managers"));
        assertEquals(expected, arg(csi(k8s.one(V1Deployment.class, "wfs-csi-controller").getSpec().getTemplate()), "--manager"));
        assertEquals(expected, arg(csi(k8s.one(V1DaemonSet.class, "wfs-csi-node").getSpec().getTemplate()), "--manager"));
        String peers = arg(container(managers.getSpec().getTemplate().getSpec(), "manager"), "manager.peers");
        assertEquals(managers.getSpec().getReplicas(), peers.split(",").length);
    }

    @Test
    void oneWfsImageForEveryRoleAndPinnedSidecars() {
        String wfsImage = null;
        for (V1PodTemplateSpec t : templates()) {
            for (V1Container c : t.getSpec().getContainers()) {
                String image = c.getImage();
                if (runsWfs(c)) {
                    wfsImage = wfsImage == null ? image : wfsImage;
                    assertEquals(wfsImage, image, c.getName() + " runs the one WFS image");
                } else {
                    assertTrue(image.matches(".+:v[0-9.]+"), c.getName() + " pins a sidecar version: " + image);
                }
            }
        }
        assertEquals(k8s.byKubectl ? "wfs:0.1.0" : "wfs", wfsImage);
    }

    @Test
    void theCsiSocketIsWhereTheDriverAndItsSidecarsLookAndKubeletRegistersIt() {
        V1PodSpec controller = k8s.one(V1Deployment.class, "wfs-csi-controller").getSpec().getTemplate().getSpec();
        String socket = CsiEndpoint.socketPath(arg(csi(controller), "--endpoint")).toString();
        for (String sidecar : List.of("csi-provisioner", "csi-resizer")) {
            V1Container c = container(controller, sidecar);
            assertEquals(socket, arg(c, "--csi-address"), sidecar);
            assertEquals(mountPath(csi(controller), "socket-dir"), mountPath(c, "socket-dir"), sidecar);
        }
        assertTrue(socket.startsWith(mountPath(csi(controller), "socket-dir") + "/"));

        V1PodSpec node = k8s.one(V1DaemonSet.class, "wfs-csi-node").getSpec().getTemplate().getSpec();
        V1Container plugin = csi(node);
        String nodeSocket = CsiEndpoint.socketPath(arg(plugin, "--endpoint")).toString();
        V1Container registrar = container(node, "node-driver-registrar");
        assertEquals(nodeSocket, arg(registrar, "--csi-address"));
        String pluginDir = volume(node, "plugin-dir").getHostPath().getPath();
        assertEquals("/var/lib/kubelet/plugins/" + DRIVER, pluginDir);
        assertEquals(pluginDir + nodeSocket.substring(mountPath(plugin, "plugin-dir").length()),
                arg(registrar, "--kubelet-registration-path"), "kubelet finds the socket the plugin serves");
        assertEquals("/var/lib/kubelet/plugins_registry", volume(node, "registration-dir").getHostPath().getPath());
        assertTrue(plugin.getSecurityContext().getPrivileged(), "FUSE and bind mounts need a privileged node plugin");
        V1VolumeMount kubelet = plugin.getVolumeMounts().stream().filter(m -> m.getName().equals("kubelet-dir")).findFirst()
                .orElseThrow();
        assertEquals("Bidirectional", kubelet.getMountPropagation());
        assertEquals(volume(node, "state-dir").getHostPath().getPath(), arg(plugin, "--state-dir"));
        assertEquals(mountPath(plugin, "state-dir"), arg(plugin, "--state-dir"));
        assertEquals("$(NODE_NAME)", arg(plugin, "--node-id"));
        assertEquals("controller", arg(csi(controller), "--role"));
        assertEquals("node", arg(plugin, "--role"));
    }

    @Test
    void theDriverNameAndServiceAccountsAgree() {
        V1CSIDriver driver = k8s.one(V1CSIDriver.class, DRIVER);
        assertFalse(driver.getSpec().getAttachRequired(), "the driver has no ControllerPublish");
        assertEquals(DRIVER, k8s.one(V1StorageClass.class, "wfs").getProvisioner());
        assertTrue(k8s.one(V1StorageClass.class, "wfs").getAllowVolumeExpansion());
        for (V1PodTemplateSpec t : List.of(k8s.one(V1Deployment.class, "wfs-csi-controller").getSpec().getTemplate(),
                k8s.one(V1DaemonSet.class, "wfs-csi-node").getSpec().getTemplate())) {
            k8s.one(V1ServiceAccount.class, t.getSpec().getServiceAccountName());
        }
        V1ClusterRoleBinding binding = k8s.one(V1ClusterRoleBinding.class, "wfs-csi-controller");
        assertEquals("wfs-csi-controller", binding.getSubjects().get(0).getName());
        assertEquals("wfs", binding.getSubjects().get(0).getNamespace());
        String scrape = k8s.one(V1ConfigMap.class, "wfs-prometheus-scrape").getData().get("wfs-scrape.yaml");
        assertTrue(scrape.contains("__meta_kubernetes_pod_annotation_prometheus_io_port"), scrape);
    }

    @Test
    void theServersAndTheControllerReadTheClusterSecretFromTheOneSecretAndNoNodePluginHasIt() {
        V1Secret secret = k8s.all(V1Secret.class).get(0);
        assertEquals(1, k8s.all(V1Secret.class).size());
        assertTrue(secret.getData().containsKey("secret"));
        int checked = 0;
        int nodes = 0;
        for (V1PodTemplateSpec t : templates()) {
            for (V1Container c : t.getSpec().getContainers()) {
                if (!runsWfs(c)) {
                    continue;
                }
                if (RenderedManifests.args(c).contains("--role=node")) {
                    // The node plugin mounts volumes with their scoped credentials: the secret stays out of it.
                    assertTrue(RenderedManifests.args(c).stream().noneMatch(a -> a.contains("secret")), c.getName());
                    assertTrue(t.getSpec().getVolumes().stream().noneMatch(v -> v.getSecret() != null),
                            "no Secret is mounted into the node plugin");
                    nodes++;
                    continue;
                }
                String file = RenderedManifests.args(c).stream().filter(a -> a.startsWith("cluster.secret-file=")
                        || a.startsWith("--secret-file=")).map(a -> a.substring(a.indexOf('=') + 1)).findFirst().orElseThrow();
                V1Volume v = volume(t.getSpec(), "cluster-secret");
                assertEquals(secret.getMetadata().getName(), v.getSecret().getSecretName(), c.getName());
                assertEquals(mountPath(c, "cluster-secret") + "/secret", file, c.getName() + " reads the secret's file");
                checked++;
            }
        }
        assertEquals(4, checked, "manager, meta, store, CSI controller");
        assertEquals(1, nodes, "the CSI node plugin");
    }

    @Test
    void theStorageClassSaysWhetherRootIsSquashed() {
        String squash = k8s.one(V1StorageClass.class, "wfs").getParameters().get("rootSquash");
        assertTrue(squash.equals("true") || squash.equals("false"), squash);
    }

    private static List<V1PodTemplateSpec> templates() {
        List<V1PodTemplateSpec> t = new java.util.ArrayList<>();
        k8s.all(V1StatefulSet.class).forEach(s -> t.add(s.getSpec().getTemplate()));
        k8s.all(V1Deployment.class).forEach(d -> t.add(d.getSpec().getTemplate()));
        k8s.all(V1DaemonSet.class).forEach(d -> t.add(d.getSpec().getTemplate()));
        return t;
    }

    /** A container of the WFS image (the sidecars run their images' own entry points). */
    private static boolean runsWfs(V1Container c) {
        return c.getCommand() != null && !c.getCommand().isEmpty() && c.getCommand().get(0).equals("/opt/wfs/bin/wfs");
    }

    private static V1Container csi(V1PodTemplateSpec t) {
        return csi(t.getSpec());
    }

    private static V1Container csi(V1PodSpec pod) {
        return container(pod, "wfs-csi");
    }

    private static Map<String, String> annotations(V1PodTemplateSpec t) {
        return t.getMetadata().getAnnotations();
    }

    private static int port(V1Container c, String name) {
        return c.getPorts().stream().filter(p -> name.equals(p.getName())).findFirst().orElseThrow().getContainerPort();
    }

    private static String mountPath(V1Container c, String volume) {
        return c.getVolumeMounts().stream().filter(m -> m.getName().equals(volume)).findFirst()
                .orElseThrow(() -> new AssertionError(c.getName() + " does not mount " + volume)).getMountPath();
    }

    private static V1Volume volume(V1PodSpec pod, String name) {
        return pod.getVolumes().stream().filter(v -> v.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + name));
    }
}
