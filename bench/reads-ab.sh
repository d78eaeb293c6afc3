#!/usr/bin/env bash
# bench/reads-ab.sh ROUNDS NAME=WFS[,ARG...] [NAME=WFS[,ARG...] ...]
#
# Builds that change the read path (the stores', the client's), in one sitting: rounds alternate
# the builds (bench/ab-rounds.sh: a fresh `wfs local` of each launcher per round, with the extra
# ARGs). Per round: the usual warm-up, 2,000 x 4 KiB and 1,000 x 128 KiB files written by 4
# processes and read back once the page cache was dropped, then each set read again twice the same
# way (workloads.py reread: 4 readers, a random order), and the stores' p50 ReadBlock time over
# the run (nearly every read from disk; rpc.server.read_block.latency, the median of the three
# stores). Prints
#   NAME ROUND small4k [files/s files/s] small128k [files/s files/s] store_read_p50_us N
# (For settings of the client alone, bench/read-ab.sh compares mounts of one cluster.)
# Needs root (FUSE, drop_caches). Runs nothing else: start it on a quiet machine.
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
rounds="${1:?usage: bench/reads-ab.sh ROUNDS NAME=WFS[,ARG...] ...}"
shift
# shellcheck source=ab-rounds.sh
. "$root/bench/ab-rounds.sh"

one_round() {
  local name="$1" round="$2" w="$4" set4k set128k r4 r128 p50
  python3 "$root/bench/workloads.py" meta "$w/mnt" --files 500 --dirs 10 --procs 4 > /dev/null
  python3 "$root/bench/workloads.py" small "$w/mnt" --files 300 --size 4096 --procs 4 > /dev/null
  kept() { python3 -c 'import json,sys; print(json.load(sys.stdin)["kept"])'; }
  rate() { python3 -c 'import json,sys; print(json.load(sys.stdin)["read_files_per_s"])'; }
  set4k="$(python3 "$root/bench/workloads.py" small "$w/mnt" --files 2000 --size 4096 --procs 4 --drop-caches --keep | kept)"
  set128k="$(python3 "$root/bench/workloads.py" small "$w/mnt" --files 1000 --size 131072 --procs 4 --drop-caches --keep | kept)"
  r4=""; r128=""
  for seed in 1 2; do
    r4="$r4 $(python3 "$root/bench/workloads.py" reread "$set4k" --size 4096 --seed "$seed" | rate)"
    r128="$r128 $(python3 "$root/bench/workloads.py" reread "$set128k" --size 131072 --seed "$seed" | rate)"
  done
  p50="$(grep '^store' "$w/data/metrics.properties" | cut -d= -f2 | while read -r u; do
    curl -s "$u" | awk '/^rpc_server_read_block_latency\{quantile="0.5"/{printf "%.0f\n", $2 * 1e6}'
  done | sort -n | sed -n 2p)"
  echo "$name $round small4k [${r4# }] small128k [${r128# }] store_read_p50_us $p50"
}

ab_rounds "$rounds" one_round "$@"
