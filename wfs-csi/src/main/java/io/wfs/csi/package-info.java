/**
 * The Kubernetes CSI driver: Identity, Controller and Node services of the CSI spec v1.8.0
 * (third-party csi.proto, generated at build time) over grpc-java on a unix socket. A volume is a
 * directory under {@code csi.volumes-root}; a node mounts it with a detached {@code wfs mount
 * --subdir} process and bind-mounts it into the pods. See docs/kubernetes.md.
 */
package io.wfs.csi;
