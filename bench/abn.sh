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
# shellcheck source=ab-rounds.sh
. "$root/bench/ab-rounds.sh"

one_round() {
  local name="$1" round="$2" w="$4" meta small
  python3 "$root/bench/workloads.py" meta "$w/mnt" --files 500 --dirs 10 --procs 4 > /dev/null
  python3 "$root/bench/workloads.py" small "$w/mnt" --files 300 --size 4096 --procs 4 > /dev/null
  meta="$(python3 "$root/bench/workloads.py" meta "$w/mnt" --files 3000 --dirs 10 --procs 4)"
  small="$(python3 "$root/bench/workloads.py" small "$w/mnt" --files 1500 --size 4096 --procs 4 --drop-caches)"
  echo "$name $round meta $meta small $small"
}

ab_rounds "$rounds" one_round "$@"
