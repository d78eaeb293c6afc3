#!/usr/bin/env bash
# Makes sure this machine has what WFS builds and tests need: JDK 17+, Maven, and the FUSE
# packages (fuse3 for fusermount, libfuse2 which jnr-fuse loads). As root, missing Debian
# packages are installed with apt-get; otherwise the exact install command is printed.
set -euo pipefail

missing=()
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }
if ! command -v java >/dev/null || [ "$(java_major)" -lt 17 ] 2>/dev/null; then missing+=(openjdk-17-jdk-headless); fi
command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
command -v fusermount3 >/dev/null || command -v fusermount >/dev/null || missing+=(fuse3)
if ! ldconfig -p 2>/dev/null | grep -q 'libfuse\.so\.2'; then missing+=(libfuse2); fi
# The mount tests drive real programs: python3 (fcntl locks from another process), flock, diff.
command -v python3 >/dev/null || missing+=(python3)
command -v flock >/dev/null || missing+=(util-linux)
# The CSI node (CsiDriverIT) starts each volume's mount with setsid and bind-mounts it with mount(8).
command -v setsid >/dev/null || missing+=(util-linux)
command -v mount >/dev/null || missing+=(mount)
command -v diff >/dev/null || missing+=(diffutils)
# The chaos suite (ChaosIT) puts each process in a network namespace of its own (ip netns, veth,
# a bridge), enters it with nsenter, and slows links with tc.
command -v ip >/dev/null || missing+=(iproute2)
command -v tc >/dev/null || missing+=(iproute2)
command -v nsenter >/dev/null || missing+=(util-linux)
# The application tests (ApplicationsIT) run these real programs on the mount.
for tool in git sqlite3 fio dbench rsync; do command -v "$tool" >/dev/null || missing+=("$tool"); done
# Sorted, without duplicates.
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sed '/^$/d' | sort -u)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "wfs: installing ${missing[*]} (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "wfs: missing packages: ${missing[*]}" >&2
    echo "     install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
