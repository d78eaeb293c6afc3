#!/usr/bin/env bash
# bench/ab-meta.sh BEFORE_WFS AFTER_WFS [ROUNDS]
#
# Before/after in one sitting, alternated A B A B...: for each round and build, a fresh
# `wfs local` of that build (BEFORE_WFS / AFTER_WFS: a checkout's wfs-cli/target/wfs/bin/wfs),
# the same warm-up, then the metadata workload (3,000 files in 10 dirs, 4 processes) and the
# small-file workload (1,500 x 4 KiB, caches dropped). Prints one line per run:
#   BUILD ROUND meta {json} small {json}
# Needs root (FUSE, drop_caches). Runs nothing else: start it on a quiet machine.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
before="${1:?usage: bench/ab-meta.sh BEFORE_WFS AFTER_WFS [ROUNDS]}"
after="${2:?usage: bench/ab-meta.sh BEFORE_WFS AFTER_WFS [ROUNDS]}"
rounds="${3:-3}"
for round in $(seq 1 "$rounds"); do
  for build in before after; do
    wfs="$before"
    [ "$build" = after ] && wfs="$after"
    w="$(mktemp -d /tmp/wfs-ab.XXXXXX)"
    "$wfs" local --background --dir "$w/data" --mount "$w/mnt" > "$w/start.log" 2>&1
    python3 "$root/bench/workloads.py" meta "$w/mnt" --files 500 --dirs 10 --procs 4 > /dev/null
    python3 "$root/bench/workloads.py" small "$w/mnt" --files 300 --size 4096 --procs 4 > /dev/null
    meta="$(python3 "$root/bench/workloads.py" meta "$w/mnt" --files 3000 --dirs 10 --procs 4)"
    small="$(python3 "$root/bench/workloads.py" small "$w/mnt" --files 1500 --size 4096 --procs 4 --drop-caches)"
    echo "$build $round meta $meta small $small"
    "$wfs" local stop --dir "$w/data" > /dev/null 2>&1 || true
    rm -rf "$w"
  done
done
