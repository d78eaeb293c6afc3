#!/usr/bin/env bash
# bench/abn.sh ROUNDS NAME=WFS[,ARG...] [NAME=WFS[,ARG...] ...]
#
# Several builds (or settings) in one sitting, alternated round by round, as bench/ab-meta.sh does
# for two: for each round and each NAME, a fresh `wfs local` of that launcher (WFS: a checkout's
# wfs-cli/target/wfs/bin/wfs) started with the extra ARGs (comma-separated, e.g.
# --set,client.kernel-attr-timeout=0), the same warm-up, then the metadata workload (3,000 files
# in 10 dirs, 4 processes) and the small-file workload (1,500 x 4 KiB, caches dropped). Prints
#   NAME ROUND meta {json} small {json}
# Needs root (FUSE, drop_caches). Runs nothing else: start it on a quiet machine.
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
rounds="${1:?usage: bench/abn.sh ROUNDS NAME=WFS[,ARG...] ...}"
shift
for round in $(seq 1 "$rounds"); do
  for spec in "$@"; do
    name="${spec%%=*}"
    IFS=, read -r -a parts <<< "${spec#*=}"
    wfs="${parts[0]}"
    extra=("${parts[@]:1}")
    w="$(mktemp -d /tmp/wfs-ab.XXXXXX)"
    if ! "$wfs" local --background --dir "$w/data" --mount "$w/mnt" "${extra[@]}" > "$w/start.log" 2>&1; then
      echo "$name $round start failed: $(tail -1 "$w/start.log") (log in $w)"
      continue
    fi
    python3 "$root/bench/workloads.py" meta "$w/mnt" --files 500 --dirs 10 --procs 4 > /dev/null
    python3 "$root/bench/workloads.py" small "$w/mnt" --files 300 --size 4096 --procs 4 > /dev/null
    meta="$(python3 "$root/bench/workloads.py" meta "$w/mnt" --files 3000 --dirs 10 --procs 4)"
    small="$(python3 "$root/bench/workloads.py" small "$w/mnt" --files 1500 --size 4096 --procs 4 --drop-caches)"
    echo "$name $round meta $meta small $small"
    "$wfs" local stop --dir "$w/data" > /dev/null 2>&1 || true
    rm -rf "$w"
  done
done
