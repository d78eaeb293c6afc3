#!/usr/bin/env bash
# The README's first command, checked the way a user meets it: './wfs local --background' builds
# what is missing, starts a whole cluster and mounts it; a file is written and read back through
# the mount; './wfs local stop' must leave no mount behind. Temp folders, so runs never collide.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
d="$(mktemp -d /tmp/wfs-smoke-XXXXXX)"
cleanup() {
  ./wfs local stop --dir "$d/data" >/dev/null 2>&1 || true
  if grep -q " $d/mnt " /proc/mounts; then fusermount -u "$d/mnt" || fusermount -u -z "$d/mnt" || true; fi
  rm -rf "$d"
}
trap cleanup EXIT
./wfs local --background --dir "$d/data" --mount "$d/mnt"
grep -q " $d/mnt fuse" /proc/mounts || { echo "wfs local smoke: $d/mnt is not mounted" >&2; exit 1; }
echo "hello from the README's first command" > "$d/mnt/hello.txt"
[ "$(cat "$d/mnt/hello.txt")" = "hello from the README's first command" ] || { echo "wfs local smoke: read back differs" >&2; exit 1; }
./wfs local stop --dir "$d/data"
if grep -q " $d/mnt " /proc/mounts; then echo "wfs local smoke: 'wfs local stop' left the mount" >&2; exit 1; fi
echo "wfs local smoke: mounted, wrote, read back, stopped cleanly"
