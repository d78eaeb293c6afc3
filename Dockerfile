# One image for every WFS role: wfs manager | meta | store | mount | csi (k8s/ runs
# /opt/wfs/bin/wfs ROLE). Build it from the repository's root after the distribution:
#   mvn -B -DskipTests package && docker build -t wfs .
# ContainerImageIT checks this file against the built distribution and the manifests.
FROM eclipse-temurin:17-jre-jammy
# libfuse2: jnr-fuse loads libfuse 2; fuse3 brings fusermount/fusermount3 to unmount;
# util-linux: mount --bind and setsid for the CSI node plugin.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libfuse2 fuse3 util-linux \
 && rm -rf /var/lib/apt/lists/*
COPY wfs-cli/target/wfs /opt/wfs
ENTRYPOINT ["/opt/wfs/bin/wfs"]
