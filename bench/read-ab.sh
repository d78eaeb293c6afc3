#!/usr/bin/env bash
# bench/read-ab.sh ROUNDS NAME[=ARG,...] [NAME[=ARG,...] ...]
#
# Client settings that change reads, A/B on one warm cluster: one `wfs local` (this checkout's
# launcher, or WFS_LAUNCHER), and for each NAME a `wfs mount` of it of its own with the extra
# ARGs (comma-separated, e.g. off=--set,client.open-prefetch=0; a bare NAME: the defaults). Two
# data sets are written once through the cluster's own mount (2,000 x 4 KiB and 1,000 x 128 KiB,
# 4 writers); then, round by round and mount by mount, each is read again through that mount
# after the page cache was dropped (workloads.py reread: 4 readers, a random order). The servers
# are the same for every NAME, and every mount reads as often, so the ratios within a round are
# the settings' alone. Prints
#   NAME ROUND small4k {json} small128k {json}
# PROCS (default 4) sets the readers. Needs root (FUSE, drop_caches). Runs nothing else: start it on a
# quiet machine.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
wfs="${WFS_LAUNCHER:-$root/wfs-cli/target/wfs/bin/wfs}"
rounds="${1:?usage: bench/read-ab.sh ROUNDS NAME[=ARG,...] ...}"
# shellcheck source=extra-mount.sh
. "$root/bench/extra-mount.sh"
shift
w="$(mktemp -d /tmp/wfs-read-ab.XXXXXX)"
settings_cluster "$wfs" "$w" "$@"
kept() { python3 -c 'import json,sys; print(json.load(sys.stdin)["kept"])'; }
set4k="$(python3 "$root/bench/workloads.py" small "$w/mnt" --files 2000 --size 4096 --procs 4 --keep | kept)"
set128k="$(python3 "$root/bench/workloads.py" small "$w/mnt" --files 1000 --size 131072 --procs 4 --keep | kept)"
for round in $(seq 1 "$rounds"); do
  for name in "${settings_names[@]}"; do
    a="$(python3 "$root/bench/workloads.py" reread "$w/mnt-$name/$(basename "$set4k")" --size 4096 --procs "${PROCS:-4}" --seed "$round")"
    b="$(python3 "$root/bench/workloads.py" reread "$w/mnt-$name/$(basename "$set128k")" --size 131072 --procs "${PROCS:-4}" --seed "$round")"
    echo "$name $round small4k $a small128k $b"
  done
done
