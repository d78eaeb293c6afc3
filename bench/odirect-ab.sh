#!/usr/bin/env bash
# bench/odirect-ab.sh ROUNDS NAME[=ARG,...] [NAME[=ARG,...] ...]
#
# Client settings that change O_DIRECT reads, A/B on one warm cluster, as bench/read-ab.sh does for
# small files: one `wfs local` (this checkout's launcher, or WFS_LAUNCHER), and for each NAME a
# `wfs mount` of its own with the extra ARGs (comma-separated, e.g.
# off=--set,client.caller-connections=0; a bare NAME: the defaults). A 128 MiB file is written
# once through the cluster's own mount; then, round by round and mount by mount, fio reads it
# with O_DIRECT 4 KiB random reads for 6 s (1 job, psync). Prints
#   NAME ROUND IOPS mean_us p50_us
# Needs root (FUSE) and fio. Runs nothing else: start it on a quiet machine.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
wfs="${WFS_LAUNCHER:-$root/wfs-cli/target/wfs/bin/wfs}"
rounds="${1:?usage: bench/odirect-ab.sh ROUNDS NAME[=ARG,...] ...}"
# shellcheck source=extra-mount.sh
. "$root/bench/extra-mount.sh"
shift
w="$(mktemp -d /tmp/wfs-odirect-ab.XXXXXX)"
settings_cluster "$wfs" "$w" "$@"
fio --name=w --filename="$w/mnt/fio.dat" --rw=write --bs=1M --size=128M --end_fsync=1 > /dev/null
for round in $(seq 1 "$rounds"); do
  for name in "${settings_names[@]}"; do
    fio --name=r --filename="$w/mnt-$name/fio.dat" --rw=randread --bs=4k --direct=1 --size=128M --runtime=6 \
      --time_based --ioengine=psync --output-format=json --output="$w/rr.json" > /dev/null
    echo "$name $round $(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['jobs'][0]['read']; \
print(round(r['iops']), round(r['clat_ns']['mean'] / 1000, 1), round(r['clat_ns']['percentile']['50.000000'] / 1000, 1))" "$w/rr.json")"
  done
done
