#!/usr/bin/env bash
# How long deleted space takes to come back (issue 14): on a fresh `wfs local` (default
# settings, 3 replicas), write N files of 1 MiB, `rm` them all, and time from the start of the
# `rm` until the stores' folders (allocated blocks, as du counts them) are back within 5 % of
# the written bytes of where they started. Prints one line of figures.
#
#   bench/reclaim.sh [--files N] [--dir DIR]      (default 1024 files = 1 GiB)
#
# WFS_LAUNCHER: the wfs command to use (default: the checkout's ./wfs, which builds if needed).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
wfs_cmd="${WFS_LAUNCHER:-$root/wfs}"
files=1024
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --files) files="$2"; shift 2 ;;
    --dir) work="$2"; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0" | cut -c3-; exit 0 ;;
    *) echo "reclaim.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
work="${work:-$(mktemp -d /tmp/wfs-reclaim-XXXXXX)}"
data="$work/data"
mnt="$work/mnt"
cleanup() {
  "$wfs_cmd" local stop --dir "$data" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
stores_bytes() { du -s --block-size=1 "$data"/store* | awk '{s += $1} END {printf "%.0f\n", s}'; }
now() { date +%s.%N; }

"$wfs_cmd" local --dir "$data" --mount "$mnt" --background >/dev/null
empty=$(stores_bytes)
mkdir "$mnt/set"
head -c $((1 << 20)) /dev/urandom > "$work/one-mib"
t0=$(now)
for i in $(seq 1 "$files"); do cp "$work/one-mib" "$mnt/set/f$i"; done
t1=$(now)
full=$(stores_bytes)
written=$((full - empty))
target=$((empty + written / 20))
t2=$(now)
rm -rf "$mnt/set"
t3=$(now)
while [ "$(stores_bytes)" -gt "$target" ]; do
  if awk -v a="$(now)" -v b="$t2" 'BEGIN {exit !(a - b > 600)}'; then
    echo "reclaim.sh: the space did not come back within 10 minutes" >&2
    exit 1
  fi
  sleep 0.2
done
t4=$(now)
awk -v n="$files" -v w="$written" -v t0="$t0" -v t1="$t1" -v t2="$t2" -v t3="$t3" -v t4="$t4" 'BEGIN {
  printf "files=%d written_raw_mib=%.0f write_s=%.1f rm_s=%.2f rm_to_space_back_s=%.2f\n",
         n, w / 1048576, t1 - t0, t3 - t2, t4 - t2 }'
